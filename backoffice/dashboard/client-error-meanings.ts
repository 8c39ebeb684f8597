import type { ClientErrorCode } from '../../contracts/client-error-codes.ts';

/**
 * What each numbered error a browser reports means, for the dashboard (spec 1 §8, spec 2 §8). Typed
 * by the allow-list: a code added to `contracts/client-error-codes.ts` must be explained here.
 */
export const CLIENT_ERROR_MEANINGS: Record<ClientErrorCode, string> = {
  '1': 'Déclaration : réponse sans succès à l’envoi (étape 5)',
  '2': 'Déclaration : envoi impossible, réseau indisponible (étape 5)',
  '639': 'Déclaration incomplète à l’étape 5 : visiteur renvoyé au début',
  '640': 'Méthode d’acquisition vide : valeur de repli envoyée',
  '651': 'Contrat sans compagnie à l’ouverture de la déclaration',
  '6548': 'Garantie refusée par l’API au choix de l’objet',
  '6549': 'Garantie : appel en échec (réseau) au choix de l’objet',
  '421001G': 'Lien de suivi du dossier : envoi en échec',
  '452305E': 'Déclaration refusée par l’API à l’envoi (étape 5)',
  '452305F': 'Transmission des justificatifs en échec',
  '452305V': 'Justificatifs refusés à la transmission (expirés ou déjà envoyés)',
  '462301D': 'Dépôt d’un justificatif refusé par le serveur',
  '462301E': 'Dépôt d’un justificatif : réseau indisponible',
  '562321E': 'infos_dossier en échec à l’ouverture de la déclaration',
  '562335E': 'Liste des pays refusée par l’API',
  '562336E': 'Liste des pays : réseau indisponible',
  '652153E': 'Confirmation : justificatifs manquants illisibles',
};
