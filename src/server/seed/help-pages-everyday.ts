import type { HelpPageSeed } from './help-pages';

const page = (
  path: string,
  en: [string, string],
  fr: [string, string],
  de: [string, string],
): HelpPageSeed => ({
  path,
  translations: {
    en: { title: en[0], html: `<p>${en[1]}</p>` },
    fr: { title: fr[0], html: `<p>${fr[1]}</p>` },
    de: { title: de[0], html: `<p>${de[1]}</p>` },
  },
});

/**
 * Help of the screens people use every day. A sub-screen without a page of its own shows its
 * parent's (client shell/help.ts), so these few pages cover the screens under them too.
 */
export const EVERYDAY_HELP_PAGES: readonly HelpPageSeed[] = [
  page(
    '/plan',
    ['Booking a place', 'Choose a location, then a desk or room and a slot. The map shows what is free.'],
    [
      'Réserver une place',
      'Choisissez un lieu, puis un bureau ou une salle et un créneau. Le plan montre ce qui est libre.',
    ],
    [
      'Platz buchen',
      'Wählen Sie einen Standort, dann einen Platz oder Raum und ein Zeitfenster. Die Karte zeigt, was frei ist.',
    ],
  ),
  page(
    '/calendar',
    [
      'Your bookings',
      'Your bookings by month, week or day. Open one to check in, check out, extend or cancel it.',
    ],
    [
      'Vos réservations',
      'Vos réservations par mois, semaine ou jour. Ouvrez-en une pour confirmer votre présence, partir, prolonger ou annuler.',
    ],
    [
      'Ihre Buchungen',
      'Ihre Buchungen nach Monat, Woche oder Tag. Öffnen Sie eine, um einzuchecken, auszuchecken, zu verlängern oder zu stornieren.',
    ],
  ),
  page(
    '/bookings',
    ['Bookings', 'Saved searches (presets) list the bookings you may see. Create a preset to start.'],
    [
      'Réservations',
      'Les recherches enregistrées (préréglages) listent les réservations visibles. Créez-en une pour commencer.',
    ],
    [
      'Buchungen',
      'Gespeicherte Suchen (Vorlagen) listen die sichtbaren Buchungen. Legen Sie eine Vorlage an, um zu beginnen.',
    ],
  ),
  page(
    '/bookings-grid',
    ['Booking grid', 'One row per resource and one column per hour. Drag across free time to book it.'],
    [
      'Grille des réservations',
      'Une ligne par ressource, une colonne par heure. Faites glisser sur un temps libre pour le réserver.',
    ],
    [
      'Buchungsraster',
      'Eine Zeile je Ressource, eine Spalte je Stunde. Ziehen Sie über freie Zeit, um sie zu buchen.',
    ],
  ),
  page(
    '/pass',
    [
      'Your pass',
      'Show the QR code at the door. It also works without a connection once it has been opened.',
    ],
    [
      'Votre laissez-passer',
      'Présentez le code QR à la porte. Il fonctionne aussi hors connexion une fois ouvert.',
    ],
    [
      'Ihr Ausweis',
      'Zeigen Sie den QR-Code an der Tür. Einmal geöffnet, funktioniert er auch ohne Verbindung.',
    ],
  ),
  page(
    '/profile',
    ['Your profile', 'Your name, language, time zone, password, delegates and the desks assigned to you.'],
    [
      'Votre profil',
      'Votre nom, langue, fuseau horaire, mot de passe, délégués et les bureaux qui vous sont attribués.',
    ],
    [
      'Ihr Profil',
      'Ihr Name, Ihre Sprache, Zeitzone, Ihr Passwort, Ihre Vertretungen und die Ihnen zugewiesenen Plätze.',
    ],
  ),
  page(
    '/preferences',
    ['Preferences', 'Your start page, date and time formats, default location and slots.'],
    [
      'Préférences',
      'Votre page de démarrage, les formats de date et d’heure, le lieu et les créneaux par défaut.',
    ],
    ['Einstellungen', 'Ihre Startseite, Datums- und Zeitformate, Standardstandort und Zeitfenster.'],
  ),
  page(
    '/scheduler',
    [
      'Scheduling a meeting',
      'Add attendees, choose when, then a room. The preview shows conflicts before you book.',
    ],
    [
      'Planifier une réunion',
      'Ajoutez les participants, choisissez quand, puis une salle. L’aperçu montre les conflits avant la réservation.',
    ],
    [
      'Besprechung planen',
      'Fügen Sie Teilnehmende hinzu, wählen Sie die Zeit, dann einen Raum. Die Vorschau zeigt Konflikte vor der Buchung.',
    ],
  ),
  page(
    '/levels',
    ['Levels', 'Sites, buildings and floors: their names, maps, time zones and working hours.'],
    ['Niveaux', 'Sites, bâtiments et étages : noms, plans, fuseaux horaires et heures d’ouverture.'],
    ['Ebenen', 'Standorte, Gebäude und Etagen: Namen, Karten, Zeitzonen und Arbeitszeiten.'],
  ),
  page(
    '/resources',
    ['Resources', 'Desks, rooms and equipment: where they are, who may book them and when.'],
    ['Ressources', 'Bureaux, salles et équipements : où ils sont, qui peut les réserver et quand.'],
    ['Ressourcen', 'Plätze, Räume und Ausstattung: wo sie sind, wer sie wann buchen darf.'],
  ),
  page(
    '/manage-users',
    ['Users', 'Invite, edit, import and remove the people of your company.'],
    ['Utilisateurs', 'Invitez, modifiez, importez et supprimez les personnes de votre entreprise.'],
    [
      'Benutzer',
      'Laden Sie die Personen Ihres Unternehmens ein, bearbeiten, importieren und entfernen Sie sie.',
    ],
  ),
  page(
    '/forgot-password',
    ['Forgotten password', 'Enter your email address: a link to choose a new password is sent to it.'],
    [
      'Mot de passe oublié',
      'Saisissez votre adresse e-mail : un lien pour choisir un nouveau mot de passe y est envoyé.',
    ],
    [
      'Passwort vergessen',
      'Geben Sie Ihre E-Mail-Adresse ein: Sie erhalten einen Link, um ein neues Passwort zu wählen.',
    ],
  ),
  page(
    '/tmp-code',
    ['Signing in with a code', 'Ask for a one-time code by email, then type it here.'],
    ['Connexion avec un code', 'Demandez un code à usage unique par e-mail, puis saisissez-le ici.'],
    ['Anmeldung mit Code', 'Fordern Sie einen Einmalcode per E-Mail an und geben Sie ihn hier ein.'],
  ),
];
