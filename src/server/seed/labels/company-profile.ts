import type { LabelRow } from '../labels';

/** Labels of the company profile screen: [code, en, fr, de, it]. */
export const COMPANY_PROFILE_LABELS: readonly LabelRow[] = [
  [
    'company-profile.title',
    'Company profile',
    "Profil de l'entreprise",
    'Unternehmensprofil',
    'Profilo aziendale',
  ],
  ['company-profile.name', 'Name', 'Nom', 'Name', 'Nome'],
  ['company-profile.subdomain', 'Subdomain', 'Sous-domaine', 'Subdomain', 'Sottodominio'],
  [
    'company-profile.subdomain-hint',
    'The company’s address; platform administrators change it.',
    "L'adresse de l'entreprise ; les administrateurs de la plateforme la modifient.",
    'Die Adresse des Unternehmens; Plattformadministratoren ändern sie.',
    'L’indirizzo dell’azienda; lo modificano gli amministratori della piattaforma.',
  ],
  [
    'company-profile.defaults',
    'Company defaults',
    "Valeurs par défaut de l'entreprise",
    'Unternehmensvorgaben',
    'Impostazioni predefinite dell’azienda',
  ],
  ['company-profile.country', 'Country', 'Pays', 'Land', 'Paese'],
  ['company-profile.language', 'Language', 'Langue', 'Sprache', 'Lingua'],
  ['company-profile.currency', 'Currency', 'Devise', 'Währung', 'Valuta'],
  ['company-profile.timezone', 'Timezone', 'Fuseau horaire', 'Zeitzone', 'Fuso orario'],
  ['company-profile.saved', 'Saved.', 'Enregistré.', 'Gespeichert.', 'Salvato.'],
];
