/** Bidders' questions (enquiries) with the procuring entity's answers. */
import type { Ctx } from '../ctx';
import type { Question } from '../../../records/tender';

export function Questions({ questions, ctx }: { questions: Question[]; ctx: Ctx }) {
  const { t } = ctx;
  return (
    <ol className="tender-cards">
      {questions.map((q, i) => (
        <li key={q.id ?? i} className="tender-card">
          <h3>{q.title}</h3>
          {q.date && <p className="muted">{t('tender.questionAsked', { date: ctx.date(q.date) })}</p>}
          {q.description && <p className="pre">{q.description}</p>}
          {q.answer ? (
            <div className="tender-answer">
              <h4>{t('tender.answer')}</h4>
              {q.dateAnswered && <p className="muted">{t('tender.answered', { date: ctx.date(q.dateAnswered) })}</p>}
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
