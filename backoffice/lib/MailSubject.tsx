import { splitAtClaimNumbers } from '../../contracts/claim-number.ts';

/**
 * A mail's subject whose claim numbers stay on one line (« SI-3011444 », never « SI- » above
 * « 3011444 »): in the mails list, as a mail's title, and in a claim's mails.
 */
export function MailSubject({ subject }: { subject: string }) {
  return splitAtClaimNumbers(subject).map((part, index) =>
    index % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
      <span key={index} className="bo-claim-number">
        {part}
      </span>
    ) : (
      part
    ),
  );
}
