import { EVERYDAY_HELP_PAGES } from './help-pages-everyday';

/** Help pages of the general screens (spec §2: looked up by route path without numeric segments). */
export interface HelpPageSeed {
  path: string;
  translations: Record<'en' | 'fr' | 'de', { title: string; html: string }>;
}

export const HELP_PAGES: readonly HelpPageSeed[] = [
  {
    path: '/login',
    translations: {
      en: {
        title: 'Signing in',
        html: '<p>Sign in with the email address and password your administrator gave you, or ask for a one-time code by email.</p>',
      },
      fr: {
        title: 'Connexion',
        html: "<p>Connectez-vous avec l'adresse e-mail et le mot de passe fournis par votre administrateur, ou demandez un code à usage unique par e-mail.</p>",
      },
      de: {
        title: 'Anmeldung',
        html: '<p>Melden Sie sich mit der E-Mail-Adresse und dem Passwort an, die Sie von Ihrem Administrator erhalten haben, oder fordern Sie einen Einmalcode per E-Mail an.</p>',
      },
    },
  },
  {
    path: '/home',
    translations: {
      en: {
        title: 'Home',
        html: '<p>The home screen lists the modules you may use. Open the menu to switch between them.</p>',
      },
      fr: {
        title: 'Accueil',
        html: "<p>L'écran d'accueil liste les modules que vous pouvez utiliser. Ouvrez le menu pour passer de l'un à l'autre.</p>",
      },
      de: {
        title: 'Startseite',
        html: '<p>Die Startseite zeigt die Module, die Sie nutzen dürfen. Öffnen Sie das Menü, um zwischen ihnen zu wechseln.</p>',
      },
    },
  },
  {
    path: '/about',
    translations: {
      en: { title: 'About', html: '<p>Shows the version of each application and its release notes.</p>' },
      fr: {
        title: 'À propos',
        html: '<p>Affiche la version de chaque application et ses notes de version.</p>',
      },
      de: { title: 'Über', html: '<p>Zeigt die Version jeder Anwendung und ihre Versionshinweise.</p>' },
    },
  },
  {
    path: '/permissions',
    translations: {
      en: {
        title: 'Permissions',
        html: '<p>Lists what your roles allow you to do. Ask your administrator if something is missing.</p>',
      },
      fr: {
        title: 'Autorisations',
        html: "<p>Liste ce que vos rôles vous permettent de faire. Adressez-vous à votre administrateur s'il manque quelque chose.</p>",
      },
      de: {
        title: 'Berechtigungen',
        html: '<p>Zeigt, was Ihre Rollen Ihnen erlauben. Wenden Sie sich an Ihren Administrator, wenn etwas fehlt.</p>',
      },
    },
  },
  {
    path: '/help-and-documents',
    translations: {
      en: {
        title: 'Help and documents',
        html: '<p>Help for every screen and the documents your company asks you to read.</p>',
      },
      fr: {
        title: 'Aide et documents',
        html: '<p>L’aide de chaque écran et les documents que votre entreprise vous demande de lire.</p>',
      },
      de: {
        title: 'Hilfe und Dokumente',
        html: '<p>Hilfe zu jedem Bildschirm und die Dokumente, die Ihr Unternehmen Ihnen zu lesen gibt.</p>',
      },
    },
  },
  {
    path: '/level/edit',
    translations: {
      en: {
        title: 'Editing a level',
        html: '<p>Change the name, map, timezone and working hours of a level.</p>',
      },
      fr: {
        title: 'Modifier un niveau',
        html: "<p>Modifiez le nom, le plan, le fuseau horaire et les heures d'ouverture d'un niveau.</p>",
      },
      de: {
        title: 'Ebene bearbeiten',
        html: '<p>Ändern Sie Name, Karte, Zeitzone und Arbeitszeiten einer Ebene.</p>',
      },
    },
  },
  ...EVERYDAY_HELP_PAGES,
];
