import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAccountText, type Said } from '../../lib/account-text';
import { useSchemaForm } from '../../lib/schema-form';
import { FormattedDate, FormattedMessage, defineMessages, useIntl } from 'react-intl';
import {
  passkeyNameInput,
  passkeyNameMax,
  type PasskeyNameInput,
} from '../../../shared/schemas/identity';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { TextField } from '../../components/field';
import { useSession } from '../../lib/auth-client';
import { useReauth } from './reauth-dialog';
import {
  addPasskey,
  passkeyFailure,
  removePasskey,
  renamePasskey,
  usePasskeys,
  type Passkey,
} from '../../lib/passkey-api';

const m = defineMessages({
  nameRequired: {
    id: 'account.passkeys.nameRequired',
    defaultMessage: 'Give the passkey a name, e.g. “My phone”.',
  },
  nameTooLong: {
    id: 'account.passkeys.nameTooLong',
    defaultMessage: 'Keep the name to 60 characters or fewer.',
  },
  passkey: { id: 'account.passkeys.defaultName', defaultMessage: 'Passkey' },
  newName: { id: 'account.passkeys.newName', defaultMessage: 'New name' },
  listLabel: { id: 'account.passkeys.listLabel', defaultMessage: 'Your passkeys' },
  nameLabel: { id: 'account.passkeys.nameLabel', defaultMessage: 'Name for a new passkey' },
  nameHint: {
    id: 'account.passkeys.nameHint',
    defaultMessage: 'For example “My phone” or “Work laptop”.',
  },
  waiting: { id: 'account.passkeys.waiting', defaultMessage: 'Waiting for your device…' },
  add: { id: 'account.passkeys.add', defaultMessage: 'Add a passkey' },
});

/** A passkey's name: the schema's codes (a long name: its own words here); the rest through the error codes. */
function usePasskeyText() {
  const intl = useIntl();
  const say = useAccountText();
  return (what: Said) =>
    what &&
    typeof what === 'object' &&
    (('code' in what && what.code === 'too_big') || ('type' in what && what.type === 'too_big'))
      ? intl.formatMessage(m.nameTooLong)
      : say(what);
}
const messageOf = (error: unknown): Said => (error ? (passkeyFailure(error) ?? error) : undefined);

function PasskeyRow({ passkey, onDone }: { passkey: Passkey; onDone: (message: string) => void }) {
  const [renaming, setRenaming] = useState(false);
  const form = useSchemaForm(passkeyNameInput, { name: passkey.name ?? '' });
  const reauth = useReauth();
  const intl = useIntl();
  const text = usePasskeyText();
  const label = passkey.name || intl.formatMessage(m.passkey);
  const rename = useMutation({
    mutationFn: ({ name }: PasskeyNameInput) => renamePasskey(passkey.id, name),
    onSuccess: (_, { name }) =>
      onDone(
        intl.formatMessage(
          { id: 'account.passkeys.renamed', defaultMessage: 'Renamed to “{name}”.' },
          { name },
        ),
      ),
    onSettled: () => setRenaming(false),
  });
  const remove = useMutation({
    mutationFn: () => reauth.run(() => removePasskey(passkey.id)),
    onSuccess: () =>
      onDone(
        intl.formatMessage(
          { id: 'account.passkeys.removed', defaultMessage: '{name} was removed.' },
          { name: label },
        ),
      ),
  });
  const busy = rename.isPending || remove.isPending;
  const failure = messageOf(rename.error ?? remove.error);
  const submit = form.handleSubmit((input) => rename.mutate(input));

  return (
    <li className="space-y-3 py-4">
      {reauth.dialog}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-semibold text-ink">{label}</p>
          <p className="text-sm text-muted">
            <FormattedMessage
              id="account.passkeys.added"
              defaultMessage="Added {date}{synced, select, yes { · synced} other {}}"
              values={{
                date: (
                  <FormattedDate
                    value={passkey.createdAt}
                    day="numeric"
                    month="long"
                    year="numeric"
                  />
                ),
                synced: passkey.backedUp ? 'yes' : 'no',
              }}
            />
          </p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            disabled={busy}
            aria-expanded={renaming}
            onClick={() => setRenaming((v) => !v)}
            aria-label={intl.formatMessage(
              { id: 'account.passkeys.renameLabel', defaultMessage: 'Rename {name}' },
              { name: label },
            )}
          >
            <FormattedMessage id="account.passkeys.rename" defaultMessage="Rename" />
          </Button>
          <Button
            variant="danger"
            disabled={busy}
            onClick={() => {
              rename.reset();
              remove.mutate();
            }}
            aria-label={intl.formatMessage(
              { id: 'account.passkeys.removeLabel', defaultMessage: 'Remove {name}' },
              { name: label },
            )}
          >
            <FormattedMessage id="account.passkeys.remove" defaultMessage="Remove" />
          </Button>
        </div>
      </div>
      {!!renaming && (
        <form
          noValidate
          onSubmit={(e) => {
            rename.reset();
            remove.reset();
            void submit(e);
          }}
          className="flex flex-wrap items-end gap-3"
        >
          <div className="min-w-56 flex-1">
            <TextField
              label={intl.formatMessage(m.newName)}
              maxLength={passkeyNameMax}
              error={text(form.formState.errors.name ?? failure)}
              {...form.register('name')}
            />
          </div>
          <Button type="submit" disabled={busy}>
            <FormattedMessage id="account.passkeys.saveName" defaultMessage="Save name" />
          </Button>
        </form>
      )}
      {!renaming && !!failure && <Alert tone="error">{text(failure)}</Alert>}
    </li>
  );
}

/** /account: the person's passkeys: add (named), rename, remove. */
export function PasskeysCard() {
  const passkeys = usePasskeys();
  const session = useSession();
  const intl = useIntl();
  const text = usePasskeyText();
  // Staff need a second factor (D13): a passkey may be their only one (decision 0023).
  const isStaffWithoutApp = Boolean(
    session.data && session.data.role !== 'applicant' && !session.data.twoFactorEnabled,
  );
  const form = useSchemaForm(passkeyNameInput, { name: '' });
  const [notice, setNotice] = useState<string>();
  const add = useMutation({
    mutationFn: ({ name }: PasskeyNameInput) => addPasskey(name),
    onSuccess: (_, { name }) => {
      setNotice(
        intl.formatMessage(
          {
            id: 'account.passkeys.addedNotice',
            defaultMessage: 'Passkey “{name}” added. You can now sign in with it.',
          },
          { name },
        ),
      );
      form.reset();
    },
  });
  const submit = form.handleSubmit((input) => add.mutate(input));

  return (
    <Card>
      <h2 className="text-xl font-semibold text-ink">
        <FormattedMessage id="account.passkeys.heading" defaultMessage="Passkeys" />
      </h2>
      <p className="mt-1 text-muted">
        <FormattedMessage
          id="account.passkeys.text"
          defaultMessage="Sign in with your fingerprint, face or device PIN instead of your password. A passkey stays on your device (or your phone’s password manager) and works only on this website."
        />
      </p>
      {passkeys.data && passkeys.data.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-200" aria-label={intl.formatMessage(m.listLabel)}>
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onDone={setNotice} />
          ))}
        </ul>
      )}
      {isStaffWithoutApp && passkeys.data && passkeys.data.length > 0 && (
        <p className="mt-2 text-sm text-muted">
          <FormattedMessage
            id="account.passkeys.staffNote"
            defaultMessage="Staff accounts need a second factor. If you remove your last passkey, add one again or set up two-step verification before using the staff console."
          />
        </p>
      )}
      {passkeys.data?.length === 0 && (
        <p className="mt-3 text-sm text-muted">
          <FormattedMessage id="account.passkeys.none" defaultMessage="You have no passkeys yet." />
        </p>
      )}
      <form
        noValidate
        onSubmit={(e) => {
          setNotice(undefined);
          add.reset();
          void submit(e);
        }}
        className="mt-4 flex flex-wrap items-end gap-3"
      >
        <div className="min-w-56 flex-1">
          <TextField
            label={intl.formatMessage(m.nameLabel)}
            hint={intl.formatMessage(m.nameHint)}
            maxLength={passkeyNameMax}
            error={text(form.formState.errors.name)}
            {...form.register('name')}
          />
        </div>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? intl.formatMessage(m.waiting) : intl.formatMessage(m.add)}
        </Button>
      </form>
      <div className="mt-3 space-y-2" aria-live="polite">
        {!!notice && <Alert tone="success">{notice}</Alert>}
        {add.isError && <Alert tone="error">{text(messageOf(add.error))}</Alert>}
      </div>
    </Card>
  );
}
