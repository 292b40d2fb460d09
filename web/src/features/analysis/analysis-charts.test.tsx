import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { polyfillPointerCapture } from '@/test/seed-application-detail'
import { buildAnalysisResult } from './analysis-factories'
import { AnalysisResults } from './analysis-results'

const base = buildAnalysisResult()
const years = [2013, 2014, 2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022]

function withCharts() {
  return buildAnalysisResult({
    explanation: {
      ...base.explanation,
      features: [
        { text: 'a solar cell on each probe', coverage: 90, coveredBy: 'GB2512345A' },
        { text: 'a mesh radio', coverage: 80, coveredBy: 'GB2512345A' },
        { text: 'a soil probe', coverage: 55, coveredBy: 'GB2512345A' },
        { text: 'a relay schedule', coverage: 0, coveredBy: null },
      ],
      marketPotential: {
        ...base.explanation.marketPotential,
        activity: years.map((year, i) => ({ year, related: 10 * i, all: 1000 + 100 * i })),
      },
    },
  })
}

// jsdom lays nothing out, so the charts that fill their box draw nothing here: these tests read what the
// charts say in text, which is what a screen reader gets.
describe('analysis charts', () => {
  beforeAll(polyfillPointerCapture)

  it('gives the share of the features found in the prior art beside the novelty score', () => {
    renderWithProviders(<AnalysisResults result={withCharts()} onStartNew={() => {}} />)
    expect(screen.getByText('2 of 4 features').parentElement?.textContent).toBe(
      '2 of 4 features (50%) found in the prior art',
    )
    const bands = within(screen.getByRole('list', { name: 'Features by coverage' })).getAllByRole('listitem')
    expect(bands.map((band) => band.textContent)).toEqual([
      '2 found (80% or more of its terms in one passage)',
      '1 partly found (50% or more)',
      '1 not found',
    ])
  })

  it('charts the filings behind the market potential, with the figures by year as a table', async () => {
    const { user } = renderWithProviders(<AnalysisResults result={withCharts()} onStartNew={() => {}} />)
    const figure = await screen.findByRole('figure', { name: /^Filings per year, 2013–2022,/ })
    await user.click(within(figure).getByText('Show the figures by year'))
    const rows = within(figure).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toHaveLength(11)
    expect(rows[0]?.textContent).toBe('YearRelated filingsAll filingsShare')
    expect(rows[10]?.textContent).toBe('2022901,9004.7%')
  })

  it('leaves out the filings chart for a result stored before the engine kept them', () => {
    renderWithProviders(<AnalysisResults result={base} onStartNew={() => {}} />)
    expect(screen.queryByRole('figure', { name: /^Filings per year/ })).toBeNull()
    expect(screen.getByText('0 of 1 feature').parentElement?.textContent).toBe(
      '0 of 1 feature (0%) found in the prior art',
    )
  })
})
