import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title: "{page} · Mindgauge". */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = title ? `${title} · ${t('brand.name')}` : t('brand.name');
  }, [title, t]);
  return null;
}
