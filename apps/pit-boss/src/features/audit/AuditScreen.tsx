import { useLocale, useSession } from '@felt-studio/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { PitTable } from '../../components/ScrollArea';
import { pitKeys } from '../../data/usePitData';

/** Who did what, when and why (every approval, denial, correction, status and limit change). */
export function AuditScreen() {
  const { t } = useTranslation('pit');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const { api } = useSession();
  const q = useQuery({ queryKey: pitKeys.audit, queryFn: () => api.audit({ limit: 200 }), refetchInterval: 10_000 });
  return (
    <div className="pit-page">
      <h1 className="pit-title">{t('audit.title')}</h1>
      {q.isLoading ? <p className="felt-muted">{tc('loading')}</p> : null}
      {q.data && q.data.length === 0 ? <p className="felt-muted">{t('audit.none')}</p> : null}
      {q.data && q.data.length > 0 ? (
        <div className="pit-panel">
          <PitTable label={t('audit.title')} columns={[t('audit.time'), t('audit.actor'), t('audit.action'), t('audit.reason'), t('audit.target')]}>
              {q.data.map((a) => (
                <tr key={a.auditId}>
                  <td>{formatDateTime(a.at, locale)}</td>
                  <td>
                    {a.actor} <span className="felt-muted">({tc(`roles.${a.role}`, { defaultValue: a.role })})</span>
                  </td>
                  <td className="felt-mono">{a.action}</td>
                  <td>{a.reason}</td>
                  <td className="felt-mono">{a.target}</td>
                </tr>
              ))}
          </PitTable>
        </div>
      ) : null}
    </div>
  );
}
