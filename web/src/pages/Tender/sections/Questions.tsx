/** Bidders' questions (enquiries) with the procuring entity's answers. */
import { anchorOf } from '../../../records/anchors';
import type { TenderFormatter } from '../formatter';
import type { Question } from '../../../records/tender';

export function Questions({ questions, format }: { questions: Question[]; format: TenderFormatter }) {
  const { t } = format;
  return (
    <ol className="tender-cards">
      {questions.map((q, i) => (
        <li key={q.id ?? i} id={anchorOf('question', q.id)} className="tender-card">
          <h3>{q.title}</h3>
          {q.date && <p className="muted">{t('tender.questionAsked', { date: format.date(q.date) })}</p>}
          {q.description && <p className="pre">{q.description}</p>}
          {q.answer ? (
            <div className="tender-answer">
              <h4>{t('tender.answer')}</h4>
              {q.dateAnswered && <p className="muted">{t('tender.answered', { date: format.date(q.dateAnswered) })}</p>}
              <p className="pre">{q.answer}</p>
            </div>
          ) : (
            <p className="muted">{t('tender.noAnswer')}</p>
          )}
        </li>
      ))}
    </ol>
  );
}
