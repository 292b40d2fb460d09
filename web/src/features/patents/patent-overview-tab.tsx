import type { PatentDetail } from '@patentdesk/contract/patents'
import { EmptyText } from './empty-text'
import { formatNames, formatPatentDate, languageName } from './patent-format'

/**
 * A patent whose status says it was granted has a grant date, even when our record lacks it: say what is
 * known rather than N/A, which would read as "not granted".
 */
function grantDateText({ grantDate, status }: PatentDetail) {
  if (!grantDate && status?.toLowerCase().includes('grant')) return 'Granted — date not in our record'
  return formatPatentDate(grantDate)
}

/** The English text when published, else the first other language's, named so (an EP patent in German). */
function shownText(patent: PatentDetail, part: 'abstract' | 'description') {
  if (patent[part]) return { text: patent[part], lang: 'en', label: undefined }
  const other = patent.otherTexts.find((texts) => texts[part])
  return other?.[part] ? { text: other[part], lang: other.lang, label: languageName(other.lang) } : undefined
}

export function PatentOverviewTab({ patent }: { patent: PatentDetail }) {
  const abstract = shownText(patent, 'abstract')
  const description = shownText(patent, 'description')
  const keyInformation: [string, string][] = [
    ['Filing Date', formatPatentDate(patent.filingDate)],
    ['Publication Date', formatPatentDate(patent.publicationDate)],
    ['Grant Date', grantDateText(patent)],
    ['Priority Date', formatPatentDate(patent.priority)],
    ['Application Number', patent.applicationNumber ?? 'N/A'],
    ['Applicants', formatNames(patent.applicants)],
    ['Inventors', formatNames(patent.inventors)],
    ['Kind', patent.kind ?? 'N/A'],
    ['Country', patent.country],
    ...(patent.language ? [['Language', languageName(patent.language)] as [string, string]] : []),
  ]

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="abstract-heading" className="grid content-start gap-3">
        <h3 id="abstract-heading" className="text-base font-semibold">
          Abstract
          {abstract?.label && (
            <>
              {' '}
              <span className="font-normal text-muted-foreground">({abstract.label})</span>
            </>
          )}
        </h3>
        {abstract ? (
          <p lang={abstract.lang} className="text-sm leading-relaxed text-slate-700">
            {abstract.text}
          </p>
        ) : (
          <EmptyText>No abstract available for this patent.</EmptyText>
        )}
        {description && (
          <details className="group rounded-lg border bg-slate-50 p-3 text-sm">
            <summary className="cursor-pointer font-medium">
              Full description{description.label && ` (${description.label})`}
            </summary>
            <p
              lang={description.lang}
              className="mt-3 max-h-[32rem] overflow-y-auto whitespace-pre-line leading-relaxed text-slate-700"
            >
              {description.text}
            </p>
          </details>
        )}
      </section>
      <section aria-labelledby="key-information-heading" className="grid content-start gap-3">
        <h3 id="key-information-heading" className="text-base font-semibold">
          Key Information
        </h3>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2.5 text-sm">
          {keyInformation.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="font-medium break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  )
}
