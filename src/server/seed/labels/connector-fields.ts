import type { LabelRow } from '../labels';

/**
 * The calendar connectors' field names (CALENDAR_FIELDS in shared/contract/connectors.ts), coded
 * by calendarFieldLabelCode of their English label: [code, en, fr, de, it].
 */
export const CONNECTOR_FIELD_LABELS: readonly LabelRow[] = [
  [
    'connectors.field.directory-tenant-id',
    'Directory (tenant) ID',
    'ID de l’annuaire (locataire)',
    'Verzeichnis-ID (Mandant)',
    'ID directory (tenant)',
  ],
  [
    'connectors.field.application-client-id',
    'Application (client) ID',
    'ID d’application (client)',
    'Anwendungs-ID (Client)',
    'ID applicazione (client)',
  ],
  [
    'connectors.field.client-secret',
    'Client secret',
    'Secret client',
    'Geheimer Clientschlüssel',
    'Segreto client',
  ],
  [
    'connectors.field.microsoft-graph-endpoint',
    'Microsoft Graph endpoint',
    'Point de terminaison Microsoft Graph',
    'Microsoft Graph-Endpunkt',
    'Endpoint di Microsoft Graph',
  ],
  [
    'connectors.field.sign-in-endpoint',
    'Sign-in endpoint',
    'Point de terminaison de connexion',
    'Anmelde-Endpunkt',
    'Endpoint di accesso',
  ],
  [
    'connectors.field.change-notification-url',
    'Change notification URL',
    'URL des notifications de modification',
    'URL für Änderungsbenachrichtigungen',
    'URL delle notifiche di modifica',
  ],
  [
    'connectors.field.oauth-client-id',
    'OAuth client ID',
    'ID client OAuth',
    'OAuth-Client-ID',
    'ID client OAuth',
  ],
  [
    'connectors.field.oauth-client-secret',
    'OAuth client secret',
    'Secret client OAuth',
    'OAuth-Clientschlüssel',
    'Segreto client OAuth',
  ],
  [
    'connectors.field.service-account-e-mail',
    'Service account e-mail',
    'E-mail du compte de service',
    'E-Mail des Dienstkontos',
    'E-mail dell’account di servizio',
  ],
  [
    'connectors.field.service-account-private-key',
    'Service account private key',
    'Clé privée du compte de service',
    'Privater Schlüssel des Dienstkontos',
    'Chiave privata dell’account di servizio',
  ],
  [
    'connectors.field.calendar-api-endpoint',
    'Calendar API endpoint',
    'Point de terminaison de l’API Calendar',
    'Calendar-API-Endpunkt',
    'Endpoint dell’API Calendar',
  ],
  [
    'connectors.field.consent-endpoint',
    'Consent endpoint',
    'Point de terminaison de consentement',
    'Einwilligungs-Endpunkt',
    'Endpoint di consenso',
  ],
  [
    'connectors.field.token-endpoint',
    'Token endpoint',
    'Point de terminaison de jeton',
    'Token-Endpunkt',
    'Endpoint del token',
  ],
  [
    'connectors.field.caldav-server-url',
    'CalDAV server URL',
    'URL du serveur CalDAV',
    'CalDAV-Server-URL',
    'URL del server CalDAV',
  ],
  ['connectors.field.user-name', 'User name', 'Nom d’utilisateur', 'Benutzername', 'Nome utente'],
  ['connectors.field.password', 'Password', 'Mot de passe', 'Passwort', 'Password'],
];
