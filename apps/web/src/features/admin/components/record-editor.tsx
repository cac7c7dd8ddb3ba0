import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { ButtonLink, EmptyState, PageHeader, Skeleton, SuccessNotice, LoadError } from '@/components/ui';
import { BackLink } from '@/components/ui/back-link';
import styles from './admin.module.css';

interface Named {
  id: number;
  name: string;
}

export interface RecordEditorProps<T extends Named> {
  /** The route's :id, or undefined on the "new" route. */
  idText: string | undefined;
  /** "product" or "NFT", as it reads inside a sentence. */
  noun: string;
  plural: string;
  listPath: string;
  create: { title: string; description: string; done: string };
  useRecord: (id: number) => UseQueryResult<T>;
  describe: (record: T) => string;
  form: (record: T | undefined, onSaved: (saved: T) => void) => ReactNode;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The admin's create/edit page for one record (a product, an NFT): the new form, the
 * edit form for an existing record, "not found", loading and load errors.
 * Render it with key={idText} so that moving to another id starts afresh.
 */
export function RecordEditor<T extends Named>({ idText, noun, plural, listPath, create, useRecord, describe, form }: RecordEditorProps<T>) {
  const navigate = useNavigate();
  const arrivedWith = (useLocation().state as { notice?: string } | null)?.notice ?? null;
  const [notice, setNotice] = useState<string | null>(arrivedWith);
  const id = idText === undefined ? null : Number(idText);
  const record = useRecord(id ?? 0);

  const back = <BackLink to={listPath}>All {plural}</BackLink>;

  if (id === null) {
    return (
      <>
        {back}
        <PageHeader title={create.title} documentTitle={`Admin · ${create.title}`} description={create.description} />
        {form(undefined, (saved) => void navigate(`${listPath}/${saved.id}`, { replace: true, state: { notice: `“${saved.name}” was ${create.done}.` } }))}
      </>
    );
  }

  if (!Number.isSafeInteger(id) || id <= 0 || record.error?.name === 'NotFoundError') {
    return (
      <>
        {back}
        <PageHeader title={`${capital(noun)} not found`} documentTitle={`Admin · ${capital(noun)} not found`} />
        <EmptyState title={`There is no ${noun} with this id`} action={<ButtonLink to={listPath}>See all {plural}</ButtonLink>}>
          It may have been typed wrong, or the link is old.
        </EmptyState>
      </>
    );
  }

  const r = record.data;
  const title = r ? r.name : `Edit ${noun}`;
  return (
    <>
      {back}
      <PageHeader title={title} documentTitle={`Admin · ${title}`} description={r ? describe(r) : undefined} />
      <SuccessNotice message={notice} className={styles.notice} />
      {record.isError ? (
        <LoadError what={`this ${noun}`} error={record.error} onRetry={() => void record.refetch()} />
      ) : !r ? (
        <div role="status" aria-busy="true" aria-label={`Loading the ${noun}`}>
          <Skeleton height={420} />
        </div>
      ) : (
        form(r, (saved) => setNotice(`Changes to “${saved.name}” were saved.`))
      )}
    </>
  );
}
