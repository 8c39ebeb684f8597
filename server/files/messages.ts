import { defineMessages } from '../i18n/messages.ts';

/** Refusals of the upload guard (upload-guard.ts), shown to a visitor whose file was not taken. */
export const uploadGuardMessages = defineMessages({
  uploads_busy: {
    fr: "Beaucoup de fichiers sont en cours d'envoi. Merci de réessayer dans quelques secondes.",
    en: 'Many files are being uploaded right now. Please try again in a few seconds.',
    de: 'Gerade werden viele Dateien hochgeladen. Bitte versuchen Sie es in einigen Sekunden erneut.',
    es: 'Se están enviando muchos archivos en este momento. Vuelva a intentarlo dentro de unos segundos.',
    it: 'Molti file sono in fase di invio. Riprovi tra qualche secondo.',
    nl: 'Er worden nu veel bestanden geüpload. Probeer het over enkele seconden opnieuw.',
    pl: 'W tej chwili przesyłanych jest wiele plików. Proszę spróbować ponownie za kilka sekund.',
    da: 'Der uploades mange filer lige nu. Prøv igen om nogle sekunder.',
    pt: 'Estão a ser enviados muitos ficheiros neste momento. Tente novamente dentro de alguns segundos.',
  },
  uploads_busy_address: {
    fr: "D'autres fichiers sont déjà en cours d'envoi depuis votre connexion. Merci d'attendre la fin de leur envoi, puis de réessayer.",
    en: 'Other files are already being uploaded from your connection. Please wait until they are sent, then try again.',
    de: 'Über Ihre Verbindung werden bereits andere Dateien hochgeladen. Bitte warten Sie, bis sie übertragen sind, und versuchen Sie es dann erneut.',
    es: 'Ya se están enviando otros archivos desde su conexión. Espere a que terminen y vuelva a intentarlo.',
    it: 'Altri file sono già in fase di invio dalla sua connessione. Attenda la fine del loro invio, poi riprovi.',
    nl: 'Via uw verbinding worden al andere bestanden geüpload. Wacht tot die verzonden zijn en probeer het dan opnieuw.',
    pl: 'Z Pana/Pani połączenia przesyłane są już inne pliki. Proszę poczekać na zakończenie ich przesyłania i spróbować ponownie.',
    da: 'Der uploades allerede andre filer fra din forbindelse. Vent, til de er sendt, og prøv så igen.',
    pt: 'Já estão a ser enviados outros ficheiros a partir da sua ligação. Aguarde até terminarem e tente novamente.',
  },
  upload_budget_spent: {
    fr: 'Le dépôt de fichiers est très sollicité en ce moment. Merci de réessayer dans {{minutes}} minute(s).',
    en: 'File uploads are in very high demand right now. Please try again in {{minutes}} minute(s).',
    de: 'Das Hochladen von Dateien ist gerade stark ausgelastet. Bitte versuchen Sie es in {{minutes}} Minute(n) erneut.',
    es: 'El envío de archivos está muy solicitado en este momento. Vuelva a intentarlo dentro de {{minutes}} minuto(s).',
    it: "L'invio di file è molto richiesto in questo momento. Riprovi tra {{minutes}} minuto/i.",
    nl: 'Het uploaden van bestanden is op dit moment erg druk. Probeer het over {{minutes}} minuut/minuten opnieuw.',
    pl: 'Przesyłanie plików jest teraz bardzo obciążone. Proszę spróbować ponownie za {{minutes}} min.',
    da: 'Der er meget travlt med upload af filer lige nu. Prøv igen om {{minutes}} minut(ter).',
    pt: 'O envio de ficheiros está muito solicitado neste momento. Tente novamente dentro de {{minutes}} minuto(s).',
  },
  storage_full: {
    fr: 'Le dépôt de fichiers est momentanément indisponible. Merci de réessayer plus tard.',
    en: 'File uploads are temporarily unavailable. Please try again later.',
    de: 'Das Hochladen von Dateien ist vorübergehend nicht möglich. Bitte versuchen Sie es später erneut.',
    es: 'El envío de archivos no está disponible temporalmente. Vuelva a intentarlo más tarde.',
    it: "L'invio di file è momentaneamente non disponibile. Riprovi più tardi.",
    nl: 'Het uploaden van bestanden is tijdelijk niet mogelijk. Probeer het later opnieuw.',
    pl: 'Przesyłanie plików jest chwilowo niedostępne. Proszę spróbować ponownie później.',
    da: 'Upload af filer er midlertidigt utilgængelig. Prøv igen senere.',
    pt: 'O envio de ficheiros está temporariamente indisponível. Tente novamente mais tarde.',
  },
});
