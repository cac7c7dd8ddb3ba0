import { MAX_ADDRESSES, type Address } from '@parmeta/contracts';
import { useRef, useState } from 'react';
import { Button, ConfirmDialog, EmptyState, ErrorNotice, MapPinIcon, PageHeader, Panel, PlusIcon, Skeleton, SuccessNotice, LoadError } from '@/components/ui';
import { useAddAddress } from '../api/add-address';
import { failureMessage, serverFieldsOf } from '@/lib/call-api';
import { useDeleteAddress } from '../api/delete-address';
import { useEditAddress } from '../api/edit-address';
import { useAddresses } from '../api/get-addresses';
import { useSetMainAddress } from '../api/set-main-address';
import { AddressCard } from '../components/address-card';
import { AddressForm } from '../components/address-form';
import { MissingUser, waitsForUser } from '../components/missing-user';
import { addressName, type AddressValues } from '../model/address';
import styles from './addresses-page.module.css';
import { PAGE_HEADS } from '@/lib/page-heads';

type Editing = { mode: 'add' } | { mode: 'edit'; address: Address } | null;

/** Moves focus once React has painted the change, e.g. after the form that had it is gone. */
const focusSoon = (target: { current: HTMLElement | null }) => requestAnimationFrame(() => target.current?.focus());

export default function AddressesPage() {
  const addresses = useAddresses();
  const add = useAddAddress();
  const edit = useEditAddress();
  const remove = useDeleteAddress();
  const makeMain = useSetMainAddress();

  const [editing, setEditing] = useState<Editing>(null);
  const [makeNewMain, setMakeNewMain] = useState(false);
  const [toDelete, setToDelete] = useState<Address | null>(null);
  const [notice, setNotice] = useState('');
  const formHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const list = addresses.data ?? [];
  const full = list.length >= MAX_ADDRESSES;
  const save = editing?.mode === 'edit' ? edit : add;

  const open = (next: Editing) => {
    add.reset();
    edit.reset();
    setNotice('');
    setMakeNewMain(false);
    setEditing(next);
    focusSoon(formHeading);
  };

  const close = () => {
    setEditing(null);
    focusSoon(listHeading);
  };

  const submit = (values: AddressValues) => {
    if (editing?.mode === 'edit') {
      edit.mutate(
        { addressId: editing.address.address_id, values },
        {
          onSuccess: () => {
            setNotice('Address saved.');
            close();
          },
        },
      );
    } else {
      add.mutate(
        { values, isMain: makeNewMain },
        {
          onSuccess: () => {
            setNotice('Address added.');
            close();
          },
        },
      );
    }
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.address_id, {
      onSuccess: () => {
        setToDelete(null);
        setNotice('Address deleted.');
        focusSoon(listHeading);
      },
    });
  };

  const setMain = (address: Address) => {
    setNotice('');
    makeMain.mutate(address.address_id, { onSuccess: () => setNotice(`${addressName(address)} is now your main address.`) });
  };

  const addButton = (
    <Button onClick={() => open({ mode: 'add' })} disabled={full}>
      <PlusIcon size={18} />
      Add address
    </Button>
  );

  return (
    <>
      <PageHeader
        {...PAGE_HEADS['/addresses']}
        actions={editing === null && list.length > 0 ? addButton : undefined}
      />

      <div className={styles.stack}>
        <SuccessNotice message={notice} />
        <ErrorNotice message={makeMain.isError ? failureMessage(makeMain.error) : null} />

        {editing && (
          <Panel
            title={editing.mode === 'add' ? 'New address' : 'Edit address'}
            description={editing.mode === 'add' ? 'Where should we deliver?' : `Changes apply to future orders only.`}
            headingRef={formHeading}
          >
            <AddressForm
              key={editing.mode === 'edit' ? editing.address.address_id : 'new'}
              initial={editing.mode === 'edit' ? editing.address : undefined}
              submitLabel={editing.mode === 'add' ? 'Save address' : 'Save changes'}
              busy={save.isPending}
              serverErrors={serverFieldsOf(save.error)}
              serverMessage={save.isError ? failureMessage(save.error) : null}
              onSubmit={submit}
              onCancel={close}
            >
              {editing.mode === 'add' && list.length > 0 && (
                <label className={styles.check}>
                  <input type="checkbox" checked={makeNewMain} onChange={(event) => setMakeNewMain(event.target.checked)} />
                  Make this my main address
                </label>
              )}
            </AddressForm>
          </Panel>
        )}

        {waitsForUser(addresses) ? (
          <MissingUser />
        ) : addresses.isPending ? (
          <div className={styles.grid} role="status" aria-busy="true" aria-label="Loading your addresses">
            {[0, 1].map((i) => (
              <div key={i} className={styles.skeletonCard}>
                <Skeleton width="45%" height={20} />
                <Skeleton width="80%" />
                <Skeleton width="65%" />
                <Skeleton width="35%" />
              </div>
            ))}
          </div>
        ) : addresses.isError ? (
          <LoadError what="your addresses" error={addresses.error} onRetry={() => void addresses.refetch()} />
        ) : list.length === 0 ? (
          editing === null && (
            <EmptyState
              title="No saved addresses yet"
              icon={<MapPinIcon />}
              action={
                <Button onClick={() => open({ mode: 'add' })}>
                  <PlusIcon size={18} />
                  Add an address
                </Button>
              }
            >
              Save a delivery address once and the checkout fills it in for you.
            </EmptyState>
          )
        ) : (
          <section aria-labelledby="saved-addresses" className={styles.listSection}>
            <div className={styles.listHead}>
              <h2 id="saved-addresses" ref={listHeading} tabIndex={-1} className={styles.listTitle}>
                Saved addresses
              </h2>
              <span className={styles.count}>
                {list.length} of {MAX_ADDRESSES}
              </span>
            </div>
            {full && <p className={styles.note}>You have {MAX_ADDRESSES} addresses, the most you can keep. Delete one to add another.</p>}
            <ul className={styles.grid}>
              {list.map((address) => (
                <li key={address.address_id}>
                  <AddressCard
                    address={address}
                    busy={makeMain.isPending}
                    onEdit={() => open({ mode: 'edit', address })}
                    onMakeMain={() => setMain(address)}
                    onDelete={() => {
                      remove.reset();
                      setNotice('');
                      setToDelete(address);
                    }}
                  />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>

      {toDelete && (
        <ConfirmDialog
          title={`Delete ${toDelete.label}?`}
          description={
            <>
              {addressName(toDelete)}, {toDelete.address1} will be removed from your address book.
              {toDelete.isMain && list.length > 1 ? ' Another saved address becomes your main address.' : ''}
            </>
          }
          confirmLabel="Delete address"
          busyLabel="Deleting…"
          busy={remove.isPending}
          error={remove.isError ? failureMessage(remove.error) : null}
          onConfirm={confirmDelete}
          onCancel={() => setToDelete(null)}
        />
      )}
    </>
  );
}
