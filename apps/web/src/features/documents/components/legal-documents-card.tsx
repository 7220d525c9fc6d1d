import {
  DOCUMENT_KINDS,
  type DocumentListItem,
  LEGAL_DOCUMENT_KINDS,
  LEGAL_DOCUMENT_MAX_BYTES,
  type LegalDocumentKind,
  TEXT_LIMITS,
} from '@inscrio/shared';
import { Upload } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog } from '@/components/ui/dialog';
import { FormField, SelectField, TextField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { notify, notifyError } from '@/lib/notify';
import { useLocale } from '@/lib/use-locale';
import { usePublishDocument, useUploadLegalDocument } from '../api/documents';

/**
 * A manager uploads a legal document (a PDF of at most 10 MB): it is kept as a draft, the next version
 * of its kind, until it is published from the list.
 */
export function LegalDocumentsCard() {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const upload = useUploadLegalDocument();
  const [kind, setKind] = useState<LegalDocumentKind>('legal.roi');
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(t('legal.fileRequired'));
    if (file.size > LEGAL_DOCUMENT_MAX_BYTES) return setError(t('legal.tooLarge'));
    setError(undefined);
    upload.mutate(
      { file, kind, title },
      {
        onSuccess: () => {
          notify.success(t('legal.uploaded'));
          setTitle('');
          setFile(null);
          if (input.current) input.current.value = '';
        },
        onError: notifyError,
      },
    );
  };

  return (
    <Card data-legal-upload="">
      <CardHeader>
        <CardTitle>{t('legal.title')}</CardTitle>
        <CardDescription>{t('legal.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
          <SelectField
            label={t('legal.kind')}
            value={kind}
            onChange={(event) => setKind(event.target.value as LegalDocumentKind)}
            data-field="kind"
          >
            {LEGAL_DOCUMENT_KINDS.map((value) => (
              <option key={value} value={value}>
                {DOCUMENT_KINDS.label(value, locale)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t('legal.titleLabel')}
            value={title}
            maxLength={TEXT_LIMITS.line}
            onChange={(event) => setTitle(event.target.value)}
          />
          <FormField id="legal-file" label={t('legal.file')} error={error} className="sm:col-span-2">
            <Input
              ref={input}
              id="legal-file"
              type="file"
              accept="application/pdf,.pdf"
              aria-invalid={error ? true : undefined}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </FormField>
          <div className="sm:col-span-2">
            <Button type="submit" loading={upload.isPending} data-upload="">
              <Upload aria-hidden="true" />
              {t('legal.upload')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** Confirms the publication of a draft: a ROI or legal mentions is then accepted again by every member. */
export function PublishDialog({ item, onClose }: { item: DocumentListItem | null; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const publish = usePublishDocument();
  const asksAcceptance = item?.kind === 'legal.roi' || item?.kind === 'legal.mentions';
  const confirm = () => {
    if (!item) return;
    publish.mutate(item.id, {
      onSuccess: () => {
        notify.success(t('legal.publishedToast'));
        onClose();
      },
      onError: notifyError,
    });
  };
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t('legal.publishTitle')}
      description={
        item
          ? t(asksAcceptance ? 'legal.publishRoiText' : 'legal.publishText', { title: item.title })
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('legal.cancel')}
          </Button>
          <Button onClick={confirm} loading={publish.isPending} data-confirm-publish="">
            {t('legal.publishConfirm')}
          </Button>
        </>
      }
    />
  );
}
