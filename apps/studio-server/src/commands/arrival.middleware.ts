import type { Arrival, IntakeBarrier } from '../shared/host/intake-barrier.js';

interface ArrivalReq {
  readonly method: string;
  readonly url: string;
  feltArrival?: Arrival;
}
interface ArrivalRes {
  once(event: 'finish' | 'close', fn: () => void): unknown;
}

/** A player's bet commands over REST (`POST /tables/{id}/bets…`, `DELETE /tables/{id}/bets/{betId}`): the table's id. */
const BET_ROUTE = /^\/tables\/([^/?#]+)\/bets(?:[/?#]|$)/;

/**
 * Issue 25 §1: a REST bet is stamped on the server clock as the HTTP layer reads it — the first
 * middleware, before authentication, rate limits and the table's queue — and the close barrier waits
 * for it until its response is finished (the bus passes the stamp to the bet, `req.feltArrival`).
 */
export function arrivalMiddleware(intake: IntakeBarrier): (req: ArrivalReq, res: ArrivalRes, next: () => void) => void {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      const m = BET_ROUTE.exec(req.url);
      if (m?.[1] !== undefined) {
        const arrival = intake.arrive(decodeURIComponent(m[1]));
        req.feltArrival = arrival;
        res.once('finish', arrival.done);
        res.once('close', arrival.done);
      }
    }
    next();
  };
}
