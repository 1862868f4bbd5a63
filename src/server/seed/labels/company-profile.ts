import type { LabelRow } from '../labels';

/** Labels of the company profile screen: [code, en, fr, de]. */
export const COMPANY_PROFILE_LABELS: readonly LabelRow[] = [
  ['company-profile.title', 'Company profile', "Profil de l'entreprise", 'Unternehmensprofil'],
  ['company-profile.name', 'Name', 'Nom', 'Name'],
  ['company-profile.subdomain', 'Subdomain', 'Sous-domaine', 'Subdomain'],
  [
    'company-profile.subdomain-hint',
    'The company’s address; platform administrators change it.',
    "L'adresse de l'entreprise ; les administrateurs de la plateforme la modifient.",
    'Die Adresse des Unternehmens; Plattformadministratoren ändern sie.',
  ],
  [
    'company-profile.defaults',
    'Company defaults',
    "Valeurs par défaut de l'entreprise",
    'Unternehmensvorgaben',
  ],
  ['company-profile.country', 'Country', 'Pays', 'Land'],
  ['company-profile.language', 'Language', 'Langue', 'Sprache'],
  ['company-profile.currency', 'Currency', 'Devise', 'Währung'],
  ['company-profile.timezone', 'Timezone', 'Fuseau horaire', 'Zeitzone'],
  ['company-profile.saved', 'Saved.', 'Enregistré.', 'Gespeichert.'],
];
