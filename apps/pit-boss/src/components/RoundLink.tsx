import { shortId } from '../lib/format';
import { hrefOf } from '../lib/router';

/** A round's short id linking to its detail screen (the whole id on hover). */
export function RoundLink({ roundId }: { readonly roundId: string }) {
  return (
    <a className="pit-link felt-mono" href={hrefOf({ name: 'round', roundId })} title={roundId}>
      {shortId(roundId)}
    </a>
  );
}
