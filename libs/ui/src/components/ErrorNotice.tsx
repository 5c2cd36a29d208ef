import { FeltApiError } from '@felt-studio/client-sdk';
import type { Rejection } from '@felt-studio/protocol';
import { useTranslation } from 'react-i18next';
import { rejectionText } from '../rejection.js';
import { useLocale } from './Money.js';

/** Anything thrown by an SDK call as the server's `{code, ruleId, message}`. */
export function toRejection(e: unknown): Rejection {
  if (e instanceof FeltApiError) return e.rejection;
  if (e && typeof e === 'object' && 'code' in e && 'message' in e) {
    const r = e as { code: unknown; message: unknown; ruleId?: unknown; details?: unknown };
    const details = typeof r.details === 'object' && r.details !== null && !Array.isArray(r.details) ? { details: r.details as Record<string, unknown> } : {};
    return { code: String(r.code), ruleId: typeof r.ruleId === 'string' ? r.ruleId : null, message: String(r.message), ...details };
  }
  return { code: 'CLIENT_ERROR', ruleId: null, message: e instanceof Error ? e.message : String(e) };
}

export interface ErrorNoticeProps {
  readonly error: Rejection | null;
  readonly onDismiss?: () => void;
  /** Heading (default "Not accepted"). */
  readonly title?: string;
  /** The table's currency: amounts in the rejection's details are shown as money in it. */
  readonly currency?: string;
}

/**
 * A rejection as a person reads it (issue 20 defect 5): the rule ID once (a badge), the reason
 * translated by code and details with amounts as money, and the code for support.
 */
export function ErrorNotice({ error, onDismiss, title, currency }: ErrorNoticeProps) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  if (!error) return null;
  const friendly = error.code === 'NETWORK_ERROR' ? t('error.network') : error.code === 'UNAUTHENTICATED' ? t('error.unauthenticated') : rejectionText(error, t, { currency, locale });
  return (
    <div className="felt-error" role="alert">
      <div className="felt-error-head">
        <strong>{title ?? t('error.title')}</strong>
        {error.ruleId ? <span className="felt-rule">{error.ruleId}</span> : null}
      </div>
      <p className="felt-error-msg">{friendly}</p>
      <p className="felt-error-code">{t('error.code', { code: error.code })}</p>
      {onDismiss ? (
        <button type="button" className="felt-btn felt-btn-ghost felt-btn-sm" onClick={onDismiss}>
          {t('error.dismiss')}
        </button>
      ) : null}
    </div>
  );
}
