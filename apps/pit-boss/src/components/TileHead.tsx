import type { ReactNode } from 'react';

/** A floor tile's head: the table's name (the tile's heading, `id`), the line under it (game, stakes, id) and its status chip (`is-<tone>`). */
export function TileHead({ id, name, sub, status, tone }: { readonly id: string; readonly name: string; readonly sub: ReactNode; readonly status: string; readonly tone: string }) {
  return (
    <header className="pit-tile-head">
      <div>
        <h3 id={id} className="pit-tile-name">
          {name}
        </h3>
        <p className="pit-tile-sub felt-muted">{sub}</p>
      </div>
      <span className={`pit-status is-${tone}`}>{status}</span>
    </header>
  );
}
