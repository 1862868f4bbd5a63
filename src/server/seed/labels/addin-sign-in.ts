import type { LabelRow } from '../labels';

/** Signing in from the Outlook add-in: the pane's ways in, its sign-in dialog, the mailbox check: [code, en, fr, de]. */
export const ADDIN_SIGN_IN_LABELS: readonly LabelRow[] = [
  ['general.login.addin.ways', 'Ways to sign in', 'Façons de se connecter', 'Anmeldemöglichkeiten'],
  [
    'general.login.addin.microsoft',
    'Continue with Microsoft 365',
    'Continuer avec Microsoft 365',
    'Mit Microsoft 365 fortfahren',
  ],
  [
    'general.login.addin.dialog',
    'Continue with your company account',
    'Continuer avec le compte de votre entreprise',
    'Mit dem Konto Ihres Unternehmens fortfahren',
  ],
  [
    'general.login.addin.or-password',
    'or with your Workplace account',
    'ou avec votre compte Workplace',
    'oder mit Ihrem Workplace-Konto',
  ],
  [
    'general.login.addin.failed',
    'Signing in did not work: {reason}',
    'La connexion a échoué : {reason}',
    'Die Anmeldung ist fehlgeschlagen: {reason}',
  ],
  [
    'general.login.addin.dialog-title',
    'Sign in to Workplace',
    'Connexion à Workplace',
    'Bei Workplace anmelden',
  ],
  [
    'general.login.addin.dialog-hint',
    'Your company’s sign-in page opens here if it uses one; otherwise, your password is asked for next.',
    'La page de connexion de votre entreprise s’ouvre ici si elle en utilise une ; sinon, votre mot de passe vous est demandé ensuite.',
    'Die Anmeldeseite Ihres Unternehmens öffnet sich hier, falls es eine verwendet; andernfalls wird als Nächstes Ihr Passwort abgefragt.',
  ],
  ['general.login.addin.continue', 'Continue', 'Continuer', 'Weiter'],
  ['general.login.addin.cancel', 'Cancel', 'Annuler', 'Abbrechen'],
  [
    'general.login.addin.no-company',
    'This account does not belong to a company.',
    'Ce compte n’appartient à aucune entreprise.',
    'Dieses Konto gehört zu keinem Unternehmen.',
  ],
  [
    'general.login.addin.signed-in',
    'Signed in. Returning to Outlook…',
    'Connecté. Retour à Outlook…',
    'Angemeldet. Zurück zu Outlook…',
  ],
  [
    'general.login.addin.outside',
    'Open this page from the Workplace add-in in Outlook.',
    'Ouvrez cette page depuis le complément Workplace dans Outlook.',
    'Öffnen Sie diese Seite über das Workplace-Add-in in Outlook.',
  ],
  [
    'outlook.mailbox-mismatch',
    'You are signed in to Workplace as {user}, but this mailbox is {mailbox}. Sign out, then sign in as {mailbox} to book rooms for its meetings.',
    'Vous êtes connecté à Workplace en tant que {user}, mais cette boîte aux lettres est celle de {mailbox}. Déconnectez-vous, puis connectez-vous en tant que {mailbox} pour réserver des salles pour ses réunions.',
    'Sie sind bei Workplace als {user} angemeldet, aber dieses Postfach gehört {mailbox}. Melden Sie sich ab und als {mailbox} an, um Räume für dessen Besprechungen zu buchen.',
  ],
  ['outlook.sign-out', 'Sign out', 'Se déconnecter', 'Abmelden'],
];
