import { PERSONALITY_EXAM_ID } from '@mindgauge/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { reliabilityQuery } from '../api/personality-session';

/**
 * The time the test really takes here (the median of the finished sheets), once there are enough of them;
 * nothing until then, so the estimate beside it is never presented as a measurement.
 */
export function MeasuredDuration() {
  const { t } = useTranslation('personality-test');
  const { data } = useQuery(reliabilityQuery(PERSONALITY_EXAM_ID));
  if (data?.medianSeconds == null) return null;
  // Rounded up: "less than N min" stays true.
  const minutes = Math.max(1, Math.ceil(data.medianSeconds / 60));
  return <p className="personality-duration__measured">{t('about.measuredDuration', { minutes })}</p>;
}
