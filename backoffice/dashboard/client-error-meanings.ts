import type { ClientErrorCode } from '../../contracts/client-error-codes.ts';
import type { TextKey } from '../lib/texts.ts';

/**
 * What each numbered error a browser reports means, for the dashboard (spec 1 §8, spec 2 §8): the
 * key of its text. Typed by the allow-list: a code added to `contracts/client-error-codes.ts` must
 * be explained here.
 */
export const CLIENT_ERROR_MEANINGS: Record<ClientErrorCode, TextKey> = {
  '1': 'dashboard.clientErrors.meanings.declarationRejected',
  '2': 'dashboard.clientErrors.meanings.declarationOffline',
  '639': 'dashboard.clientErrors.meanings.declarationIncomplete',
  '640': 'dashboard.clientErrors.meanings.acquisitionEmpty',
  '651': 'dashboard.clientErrors.meanings.contractWithoutCompany',
  '6548': 'dashboard.clientErrors.meanings.guaranteeRefused',
  '6549': 'dashboard.clientErrors.meanings.guaranteeOffline',
  '421001G': 'dashboard.clientErrors.meanings.followUpLinkFailed',
  '452305E': 'dashboard.clientErrors.meanings.declarationRefused',
  '452305F': 'dashboard.clientErrors.meanings.proofsTransmissionFailed',
  '452305V': 'dashboard.clientErrors.meanings.proofsTransmissionRefused',
  '462301D': 'dashboard.clientErrors.meanings.proofUploadRefused',
  '462301E': 'dashboard.clientErrors.meanings.proofUploadOffline',
  '562321E': 'dashboard.clientErrors.meanings.claimInfoFailed',
  '562335E': 'dashboard.clientErrors.meanings.countriesRefused',
  '562336E': 'dashboard.clientErrors.meanings.countriesOffline',
  '652153E': 'dashboard.clientErrors.meanings.missingProofsUnreadable',
};
