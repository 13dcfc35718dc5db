import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Controller } from 'react-hook-form';
import type { z } from 'zod';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ConversationMessage } from '../../../shared/schemas/casework';
import { maxMessageLength, messageInput } from '../../../shared/schemas/casework';
import { Button } from '../button';
import { TextAreaField } from '../field';
import { ApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { FileField, formatSize } from '../file-field';
import { chosenFile, firstIssue, useSchemaForm } from '../../lib/schema-form';
import { formatWhenIn } from '../../lib/casework-format';

/** The route's message, with the file the browser sends beside it (multipart). */
const messageForm = messageInput.extend({ attachment: chosenFile.optional() });

/**
 * The one conversation of an application between the applicant and the team (not the internal
 * notes). Opening it marks the other side's messages read; new ones arrive live.
 */
export function Conversation({
  title,
  messages,
  unread,
  onSend,
  onRead,
  openAttachment,
}: {
  title: string;
  messages: ConversationMessage[];
  unread: number;
  onSend: (body: string, file: File | undefined) => Promise<unknown>;
  onRead: () => void;
  /** The track page downloads with its token; the console follows the link. */
  openAttachment?: (url: string, fileName: string) => void;
}) {
  const form = useSchemaForm(messageForm, { body: '' });
  const [formKey, setFormKey] = useState(0);
  const intl = useIntl();
  const errorText = useErrorText();
  const send = useMutation({
    mutationFn: ({ body, attachment }: z.output<typeof messageForm>) => onSend(body, attachment),
    onSuccess: () => {
      form.reset();
      setFormKey((k) => k + 1);
    },
  });
  const isSending = send.isPending;
  const bodyError = form.formState.errors.body;
  const error =
    bodyError?.type === 'too_small'
      ? intl.formatMessage({
          id: 'casework.conversation.writeFirst',
          defaultMessage: 'Write a message first',
        })
      : bodyError
        ? errorText(bodyError)
        : send.error instanceof ApiError && send.error.code === 'TOO_MANY_MESSAGES'
          ? intl.formatMessage({
              id: 'casework.conversation.tooMany',
              defaultMessage:
                'You have sent several messages in a short time. Please wait a few minutes before sending another.',
            })
          : send.error
            ? errorText(firstIssue(send.error) ?? send.error, {
                otherwise: intl.formatMessage({
                  id: 'casework.conversation.sendFailed',
                  defaultMessage: 'The message could not be sent. Please try again.',
                }),
              })
            : undefined;

  useEffect(() => {
    if (unread > 0) onRead();
    // each new unread message is read while the conversation is open
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [unread]);

  const submit = form.handleSubmit((input) => send.mutate(input));

  return (
    <section
      aria-labelledby="conversation-title"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="conversation-title" className="text-lg font-semibold text-ink">
        {title}
        {unread > 0 && (
          <span className="ms-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
            <FormattedMessage
              id="casework.conversation.unread"
              defaultMessage="{count} unread"
              values={{ count: unread }}
            />
          </span>
        )}
      </h2>
      {messages.length === 0 ? (
        <p className="text-sm text-muted">
          <FormattedMessage id="casework.conversation.none" defaultMessage="No messages yet." />
        </p>
      ) : (
        // a long conversation scrolls in its box: focusable, so a keyboard can scroll it too
        <ol
          className="max-h-96 space-y-2 overflow-y-auto"
          tabIndex={0}
          aria-label={intl.formatMessage({
            id: 'casework.conversation.messages',
            defaultMessage: 'Messages',
          })}
        >
          {messages.map((m) => (
            <li
              key={m.id}
              className={`rounded-lg p-3 text-sm ${m.fromTeam ? 'bg-brand-50' : 'bg-slate-100'}`}
            >
              <p className="text-xs font-semibold text-ink">
                <FormattedMessage
                  id="casework.conversation.byline"
                  defaultMessage="{author} · <when>{at}</when>"
                  values={{
                    author:
                      m.byline?.kind === 'you'
                        ? intl.formatMessage({
                            id: 'casework.conversation.you',
                            defaultMessage: 'You',
                          })
                        : m.byline?.kind === 'team'
                          ? intl.formatMessage(
                              {
                                id: 'casework.conversation.teamByline',
                                defaultMessage: '{name} ({site})',
                              },
                              {
                                name:
                                  m.byline.name ??
                                  intl.formatMessage({
                                    id: 'casework.conversation.ourTeam',
                                    defaultMessage: 'Our team',
                                  }),
                                site: intl.formatMessage({
                                  id: 'site.name',
                                  defaultMessage: 'UK Study Portal',
                                }),
                              },
                            )
                          : m.author,
                    at: formatWhenIn(intl, m.at),
                    when: (chunks) => <span className="font-normal text-muted">{chunks}</span>,
                  }}
                />
              </p>
              <p className="mt-1 whitespace-pre-line text-ink">{m.body}</p>
              {m.attachment &&
                (openAttachment ? (
                  <button
                    type="button"
                    className="mt-1 text-start font-medium text-brand-700 underline underline-offset-2"
                    onClick={() => openAttachment(m.attachment!.url, m.attachment!.fileName)}
                  >
                    <bdi dir="ltr">{m.attachment.fileName}</bdi> (
                    {formatSize(m.attachment.size, intl.locale)})
                  </button>
                ) : (
                  <a
                    href={m.attachment.url}
                    download
                    className="mt-1 inline-block font-medium text-brand-700 underline underline-offset-2"
                  >
                    <bdi dir="ltr">{m.attachment.fileName}</bdi> (
                    {formatSize(m.attachment.size, intl.locale)})
                  </a>
                ))}
            </li>
          ))}
        </ol>
      )}
      <form
        key={formKey}
        noValidate
        onSubmit={(e) => {
          send.reset();
          void submit(e);
        }}
        className="space-y-2"
      >
        <TextAreaField
          label={intl.formatMessage({
            id: 'casework.conversation.messageLabel',
            defaultMessage: 'Your message',
          })}
          rows={3}
          maxLength={maxMessageLength}
          error={error}
          disabled={isSending}
          {...form.register('body')}
        />
        <Controller
          control={form.control}
          name="attachment"
          render={({ field }) => (
            <FileField
              name="attachment"
              label={intl.formatMessage({
                id: 'casework.conversation.attachLabel',
                defaultMessage: 'Attach a file (optional)',
              })}
              file={field.value}
              disabled={isSending}
              onChange={field.onChange}
            />
          )}
        />
        <Button type="submit" disabled={isSending}>
          {isSending ? (
            <FormattedMessage id="casework.conversation.sending" defaultMessage="Sending…" />
          ) : (
            <FormattedMessage id="casework.conversation.send" defaultMessage="Send message" />
          )}
        </Button>
      </form>
    </section>
  );
}
