import type { TConsoleTicket } from '@mindgauge/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../components/field';
import { useErrorMessage } from '../../lib/use-error-message';
import { closeTicket, replyToTicket, ticketsQuery } from './console-api';
import { ConsoleError } from './console-table';
import { when } from './format';

const FILTERS = ['open', 'done', 'all'] as const;

/** The support form's tickets: read, answer by e-mail (in the ticket's language), mark done. */
export function TicketsPanel() {
  const { t } = useTranslation('console');
  const [status, setStatus] = useState<(typeof FILTERS)[number]>('open');
  const tickets = useQuery(ticketsQuery(status));
  return (
    <section aria-labelledby="tickets-title">
      <h2 id="tickets-title">{t('tickets.title')}</h2>
      <fieldset className="console__filter">
        <legend>{t('tickets.show')}</legend>
        {FILTERS.map((f) => (
          <label key={f}>
            <input type="radio" name="ticket-status" checked={status === f} onChange={() => setStatus(f)} />{' '}
            {t(`tickets.filter.${f}`)}
          </label>
        ))}
      </fieldset>
      <ConsoleError error={tickets.error} />
      {tickets.data && tickets.data.tickets.length === 0 && <p role="status">{t('tickets.none')}</p>}
      {tickets.data?.tickets.map((ticket) => (
        <Ticket key={ticket.id} ticket={ticket} />
      ))}
    </section>
  );
}

function Ticket({ ticket }: { ticket: TConsoleTicket }) {
  const { t, i18n } = useTranslation('console');
  const errorMessage = useErrorMessage();
  const queryClient = useQueryClient();
  const [message, setMessage] = useState('');
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['console', 'tickets'] });
  const reply = useMutation({
    mutationFn: () => replyToTicket(ticket.id, message.trim()),
    onSuccess: () => setMessage(''),
    onSettled: refresh,
  });
  const done = useMutation({ mutationFn: () => closeTicket(ticket.id), onSettled: refresh });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (message.trim() && !reply.isPending) reply.mutate();
  }

  return (
    <article className="card console__ticket" aria-labelledby={`ticket-${ticket.id}`}>
      <h3 id={`ticket-${ticket.id}`}>
        {ticket.id} · {ticket.topic} · {t(`tickets.filter.${ticket.status}`)}
        {ticket.priority && <span className="console__priority"> · {t('tickets.priority')}</span>}
      </h3>
      <p>
        {t('tickets.from', { name: ticket.name, email: ticket.email, language: ticket.locale })} ·{' '}
        {when(ticket.createdAt, i18n.language)}
        {ticket.orderNumber && ` · ${ticket.orderNumber}`}
      </p>
      <blockquote className="console__quote">{ticket.message}</blockquote>
      {ticket.replies.map((r) => (
        <div key={r.at} className="console__reply">
          <p>{t('tickets.replied', { by: r.by, when: when(r.at, i18n.language) })}</p>
          <blockquote className="console__quote">{r.message}</blockquote>
        </div>
      ))}
      {ticket.status === 'open' && (
        <form onSubmit={submit} noValidate>
          <Field
            label={t('tickets.reply')}
            name={`reply-${ticket.id}`}
            value={message}
            onChange={setMessage}
            multiline
            maxLength={5000}
            hint={t('tickets.replyHint')}
            error={reply.isError ? errorMessage(reply.error) : undefined}
          />
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={reply.isPending || !message.trim()}>
              {t('tickets.send')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={done.isPending}
              onClick={() => done.mutate()}
            >
              {t('tickets.markDone')}
            </button>
          </div>
          {reply.isSuccess && <p role="status">{t('tickets.sent')}</p>}
        </form>
      )}
    </article>
  );
}
