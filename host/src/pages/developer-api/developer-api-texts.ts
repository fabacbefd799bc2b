import { addNamespace } from '@assistant/platform';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';

/**
 * The API reference's texts, merged into the shell's namespace under DEVELOPER_API when the page
 * loads: they come with its chunk, not with the shell's start-up.
 */
const de = {
  DEVELOPER_API: {
    title: 'API-Referenz',
    description: '{{title}}, Version {{version}}: jeder Aufruf des Servers, aus seinem OpenAPI-Dokument.',
    intro: 'Jeder Aufruf, den der Server des Portals annimmt, nach Bereichen geordnet: was er erwartet, was er antwortet und mit welchen Fehlercodes er ablehnen kann. Senden Sie bei jedem Aufruf ein Bearer-Zugriffstoken mit, außer es heißt, dass keine Anmeldung nötig ist. Fehlerantworten tragen einen festen Code zum Unterscheiden; ihre Meldung ist für Menschen.',
    download: 'OpenAPI-Dokument herunterladen',
    loading: 'Die API-Referenz wird geladen',
    failed: 'Die API-Referenz konnte nicht geladen werden',
    failedText: 'Der Server hat sein OpenAPI-Dokument nicht gesendet. Versuchen Sie es erneut.',
    retry: 'Erneut versuchen',
    search: 'Aufrufe durchsuchen',
    searchHint: 'Pfad, Methode, Bereich, Parameter, Status oder Fehlercode, zum Beispiel „collections 404“.',
    count_one: '{{count}} Aufruf',
    count_other: '{{count}} Aufrufe',
    noneTitle: 'Kein Aufruf passt',
    noneText: 'Nichts passt zu „{{query}}“. Versuchen Sie weniger oder andere Wörter.',
    public: 'Keine Anmeldung nötig.',
    signedIn: 'Braucht das Bearer-Zugriffstoken eines angemeldeten Benutzers.',
    parameters: 'Parameter',
    body: 'Anfragekörper',
    responses: 'Antworten',
    errors: 'Fehler und ihre Codes',
    in: {
      path: 'im Pfad',
      query: 'in der Abfrage',
      header: 'Header',
      cookie: 'Cookie',
    },
    schema: {
      required: 'erforderlich',
      optional: 'optional',
      oneOf: 'eines von',
      arrayOf: 'Liste von',
      mapOf: 'Zuordnung von Namen zu',
      any: 'beliebiger Wert',
      format: 'Format {{format}}',
      values: 'einer von {{values}}',
      min: 'mindestens {{value}}',
      max: 'höchstens {{value}}',
      pattern: 'Muster {{pattern}}',
      default: 'Standard {{value}}',
    },
  },
};

const en = {
  DEVELOPER_API: {
    title: 'API reference',
    description: '{{title}}, version {{version}}: every operation of the server, from its OpenAPI document.',
    intro: 'Every call the portal\'s server takes, grouped by area: what it takes, what it answers and the error codes it may refuse with. Send a bearer access token with each call unless it says no sign-in is needed. Error answers carry a stable code to branch on; their message is for people.',
    download: 'Download OpenAPI document',
    loading: 'Loading the API reference',
    failed: 'The API reference could not be loaded',
    failedText: 'The server did not send its OpenAPI document. Try again.',
    retry: 'Try again',
    search: 'Search operations',
    searchHint: 'Path, method, area, parameter, status or error code, for example "collections 404".',
    count_one: '{{count}} operation',
    count_other: '{{count}} operations',
    noneTitle: 'No operation matches',
    noneText: 'Nothing matches "{{query}}". Try fewer or other words.',
    public: 'No sign-in needed.',
    signedIn: 'Needs a signed-in user\'s bearer access token.',
    parameters: 'Parameters',
    body: 'Request body',
    responses: 'Answers',
    errors: 'Errors and their codes',
    in: {
      path: 'in the path',
      query: 'in the query',
      header: 'header',
      cookie: 'cookie',
    },
    schema: {
      required: 'required',
      optional: 'optional',
      oneOf: 'one of',
      arrayOf: 'list of',
      mapOf: 'map from names to',
      any: 'any value',
      format: 'format {{format}}',
      values: 'one of {{values}}',
      min: 'at least {{value}}',
      max: 'at most {{value}}',
      pattern: 'pattern {{pattern}}',
      default: 'default {{value}}',
    },
  },
};

export function addDeveloperApiTexts(): void {
  addNamespace(SHELL_NAMESPACE, { de, en });
}
