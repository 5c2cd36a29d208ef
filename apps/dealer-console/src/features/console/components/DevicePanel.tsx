import type { DeviceHealth, Table } from '@felt-studio/client-sdk';
import { useSession } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { deviceRows } from '../model/devices';

/** Device health for the table in plain language: what it is, whether it works, what to do. */
export function DevicePanel({ table, health, failed }: { readonly table: Table; readonly health: readonly DeviceHealth[] | undefined; readonly failed: boolean }) {
  const { t } = useTranslation('dealer');
  const { serverNow } = useSession();
  const rows = deviceRows(table.devices, health ?? [], serverNow());
  return (
    <section className="dc-devices" aria-labelledby="dc-devices-title">
      <h2 id="dc-devices-title" className="dc-section-title">
        {t('devices.region')}
      </h2>
      {failed ? <p className="dc-muted">{t('devices.failed')}</p> : null}
      {rows.length === 0 ? <p className="dc-muted">{t('devices.none')}</p> : null}
      <ul className="dc-device-list">
        {rows.map((r) => {
          // a wheel at a Money Wheel table is the money wheel, not a roulette wheel (issue 20 defect 2)
          const name = table.game === 'money-wheel' && r.kind === 'wheel' ? t('devices.moneyWheel') : t(`devices.kinds.${r.kind}`, { defaultValue: r.kind });
          const advice = t(`devices.advice.${r.state}`);
          const ago = r.agoS === null ? null : r.agoS < 120 ? t('devices.agoSeconds', { n: r.agoS }) : t('devices.agoMinutes', { n: Math.round(r.agoS / 60) });
          return (
            <li key={r.deviceId} className={`dc-device is-${r.state}`}>
              <span className="dc-device-dot" aria-hidden="true" />
              <span className="dc-device-name">
                {name} <span className="dc-muted dc-device-id">{r.deviceId}</span>
              </span>
              <strong className="dc-device-state">{t(`devices.state.${r.state}`)}</strong>
              {advice ? <span className="dc-device-advice">{advice}</span> : null}
              {ago ? <span className="dc-muted dc-device-ago">{t('devices.lastSignal', { ago })}</span> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
