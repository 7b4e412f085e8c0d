import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useT } from './i18n.tsx';

/**
 * Small building blocks of the admin's screens. Fields are native inputs with a visible label, a
 * hint and the server's error next to them (aria-invalid, aria-describedby), so they work with
 * any assistive technology and without custom keyboard handling.
 */
export function Button({ variant = 'default', className = '', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'default' | 'primary' | 'danger' | 'ghost' }) {
  return <button type="button" className={`adm-btn adm-btn--${variant} ${className}`.trim()} {...rest} />;
}

interface FieldShell {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string;
}

function useFieldIds(hint: unknown, error: unknown) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined, hintId, errorId };
}

function FieldText({ hint, hintId, error, errorId }: { hint?: ReactNode; hintId?: string | undefined; error?: string | undefined; errorId?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p className="adm-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="adm-field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </>
  );
}

export function TextField({ label, hint, error, className = '', ...input }: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const ids = useFieldIds(hint, error);
  return (
    <div className={`adm-field ${className}`.trim()}>
      <label htmlFor={ids.id}>{label}</label>
      <input id={ids.id} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...input} />
      <FieldText hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export function TextArea({ label, hint, error, className = '', ...input }: FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const ids = useFieldIds(hint, error);
  return (
    <div className={`adm-field ${className}`.trim()}>
      <label htmlFor={ids.id}>{label}</label>
      <textarea id={ids.id} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...input} />
      <FieldText hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export function SelectField({ label, hint, error, className = '', options, ...select }: FieldShell & SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string; label: string }[] }) {
  const ids = useFieldIds(hint, error);
  return (
    <div className={`adm-field ${className}`.trim()}>
      <label htmlFor={ids.id}>{label}</label>
      <select id={ids.id} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...select}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldText hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

export function CheckboxField({ label, hint, error, className = '', ...input }: FieldShell & InputHTMLAttributes<HTMLInputElement>) {
  const ids = useFieldIds(hint, error);
  return (
    <div className={`adm-field adm-field--check ${className}`.trim()}>
      <input type="checkbox" id={ids.id} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...input} />
      <label htmlFor={ids.id}>{label}</label>
      <FieldText hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

/** A message block: `alert` for errors (announced at once), `status` for the rest. */
export function Notice({ tone = 'info', children, actions }: { tone?: 'info' | 'success' | 'warning' | 'error'; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className={`adm-notice adm-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="adm-notice__text">{children}</div>
      {actions ? <div className="adm-notice__actions">{actions}</div> : null}
    </div>
  );
}

export function Loading({ label }: { label?: string }) {
  const t = useT();
  return (
    <p className="adm-loading" role="status">
      <span className="adm-spinner" aria-hidden="true" />
      {label ?? t('admin.loading')}
    </p>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const t = useT();
  return <span className={`adm-badge adm-badge--${status}`}>{t(`admin.status.${status}` as 'admin.status.draft')}</span>;
}

/** A modal dialog (react-aria: focus trapped, Escape closes, focus returns), named by its heading. */
export function AdminDialog({ title, isOpen, onClose, children, wide = false, dismissable = true }: { title: string; isOpen: boolean; onClose: () => void; children: ReactNode; wide?: boolean; dismissable?: boolean }) {
  return (
    <ModalOverlay className="adm-modal-overlay" isOpen={isOpen} onOpenChange={(open) => !open && onClose()} isDismissable={dismissable} isKeyboardDismissDisabled={!dismissable}>
      <Modal className={`adm-modal${wide ? ' adm-modal--wide' : ''}`}>
        <Dialog className="adm-dialog">
          <Heading slot="title" className="adm-dialog__title">
            {title}
          </Heading>
          {/* React events bubble through portals: a form in this dialog must not submit the form of
              the screen (or dialog) that opened it. */}
          <div onSubmit={(e) => e.stopPropagation()}>{children}</div>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

export function Pagination({ page, pages, onPage, label }: { page: number; pages: number; onPage: (p: number) => void; label: string }) {
  const t = useT();
  if (pages <= 1) return null;
  return (
    <nav className="adm-pagination" aria-label={label}>
      <Button onClick={() => onPage(page - 1)} disabled={page <= 1}>
        {t('admin.previousPage')}
      </Button>
      <span aria-current="page">{t('admin.pageOf', { page, pages })}</span>
      <Button onClick={() => onPage(page + 1)} disabled={page >= pages}>
        {t('admin.nextPage')}
      </Button>
    </nav>
  );
}
