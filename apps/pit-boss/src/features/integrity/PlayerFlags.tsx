import { TitledSection, useSession } from '@felt-studio/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/ReasonDialog';
import { playerFlagsKey, usePlayerFlags } from '../../data/playerFlags';

/**
 * Issue 23, the pit's action "flag a player": beside every player the Integrity view names (a blackjack or
 * baccarat player, a late bettor, a player of a poker finding) — "Flag the player" or, on a flagged account,
 * "Lift the flag"; both through the reason dialog (who, when and why go to the audit log). What a flag does:
 * every pit boss sees it beside the player's name on every screen (and an alert on the floor), and the player
 * takes no new seat at live poker while it stands (docs/integrity.md, "Flagging a player").
 */
export function FlagAction({ playerId, name }: { readonly playerId: string; readonly name: string }) {
  const { t } = useTranslation('pit');
  const { api } = useSession();
  const qc = useQueryClient();
  const flag = usePlayerFlags().get(playerId);
  const [open, setOpen] = useState(false);
  const label = flag ? t('flags.lift') : t('flags.flag');
  return (
    <span className="pit-integrity-action">
      <button type="button" className="felt-btn felt-btn-sm" onClick={() => setOpen(true)} aria-label={`${label}: ${name}`}>
        {label}
      </button>
      {open ? (
        <ReasonDialog
          title={flag ? t('flags.liftTitle', { name }) : t('flags.flagTitle', { name })}
          help={flag ? t('flags.liftHelp', { reason: flag.reason, by: flag.byName }) : t('flags.flagHelp')}
          danger={!flag}
          onConfirm={async (reason) => {
            if (flag) await api.liftPlayerFlag(playerId, reason);
            else await api.flagPlayer(playerId, reason);
            await qc.invalidateQueries({ queryKey: playerFlagsKey });
          }}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </span>
  );
}

/** The standing flags, newest first: who, why, by whom and when — each with its "Lift the flag". */
export function FlaggedPlayersSection() {
  const { t } = useTranslation('pit');
  const flags = [...usePlayerFlags().values()].sort((a, b) => b.at - a.at);
  return (
    <TitledSection id="integrity-flags" title={t('flags.title')} intro={t('flags.intro')} className="pit-integrity-flags" titleClassName="pit-subtitle">
      {flags.length === 0 ? (
        <p className="felt-muted">{t('flags.none')}</p>
      ) : (
        <ul className="pit-findings" aria-label={t('flags.title')}>
          {flags.map((f) => (
            <li key={f.flagId}>
              <strong>{f.name ?? f.playerId}</strong> <span className="felt-mono">{f.playerId}</span> — {f.reason}
              <br />
              <span className="felt-muted">{t('flags.by', { by: f.byName, at: new Date(f.at).toLocaleString() })}</span> <FlagAction playerId={f.playerId} name={f.name ?? f.playerId} />
            </li>
          ))}
        </ul>
      )}
    </TitledSection>
  );
}
