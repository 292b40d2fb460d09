import { foundFeatureCoverage, partlyFeatureCoverage } from '@patentdesk/contract/analysis'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '@/test/render'
import { stubApi } from '@/test/stub-api'
import { buildAnalysisResult, buildChartedResult, buildSimilarPatent } from './analysis-factories'
import { ClaimChart } from './claim-chart'

function renderChart(result = buildChartedResult()) {
  return renderWithProviders(<ClaimChart result={result} title="Tyre pressure monitor" />)
}

const chart = () => screen.getByRole('table', { name: 'Claim chart' })

/** The names of the files the page hands to the browser, and the blobs behind them. */
function catchDownloads() {
  // jsdom has no object URLs; the spy needs a method to wrap.
  URL.createObjectURL ??= () => ''
  const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:chart')
  const names: string[] = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download)
  })
  const blobs = () => createObjectURL.mock.calls.map(([blob]) => blob as Blob)
  return { names, blobs }
}

describe('ClaimChart', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('says what the chart is, with the thresholds of the contract', () => {
    renderChart()
    expect(
      screen.getByText(
        `Each feature of the invention is compared with the 2 closest patents: a cell is “Found” when one passage of the patent holds ${foundFeatureCoverage}% or more of the feature's distinctive terms, and “Partly” from ${partlyFeatureCoverage}%.`,
      ),
    ).toBeTruthy()
  })

  it('is a table with a column per charted patent and a row per feature', () => {
    renderChart()
    const columns = within(chart()).getAllByRole('columnheader')
    expect(columns.map((column) => column.textContent)).toEqual([
      'Feature',
      'US6838984B2Air pressure detection device for wheel',
      'WO2020/123456Pressure sensor with expanding member',
    ])
    expect(within(chart()).getByRole('link', { name: 'WO2020/123456' }).getAttribute('href')).toBe(
      '/patent-details/WO2020%2F123456',
    )
    const rows = within(chart()).getAllByRole('rowheader')
    expect(rows.map((row) => row.textContent)).toEqual([
      '1a An air pressure detection device for a wheel',
      '1b an air pressure sensor for detecting the air pressure of a tire tube',
    ])
    expect(rows[0]?.querySelector('.font-semibold')?.textContent).toBe('1a')
  })

  it('says each level in words with its score, not by colour alone', () => {
    renderChart()
    const cells = within(chart())
      .getAllByRole('cell')
      .map((cell) => cell.querySelector('p')?.textContent)
    expect(cells).toEqual(['Found · 100%', 'Not found · 26%', 'Partly · 50%', 'Not found · 32%'])
  })

  it('shows a passage on demand, with its location and the shared words marked', async () => {
    const { user } = renderChart()
    const show = screen.getByRole('button', { name: 'Show passage for feature 1b in US6838984B2' })
    expect(show.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('blockquote')).toBeNull()

    await user.click(show)
    expect(show.getAttribute('aria-expanded')).toBe('true')
    expect(show.getAttribute('aria-label')).toBe('Hide passage for feature 1b in US6838984B2')
    const passage = document.getElementById(show.getAttribute('aria-controls') ?? '') as HTMLElement
    const quote = within(passage).getByRole('blockquote')
    expect(quote.textContent).toBe(
      'The Pressure sensor sits in the tyre, "sealed", beside the pressure valve.',
    )
    expect([...quote.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual([
      'Pressure',
      'sensor',
      'pressure',
    ])
    expect(within(passage).getByText('description ¶3')).toBeTruthy()
  })

  it('offers no passage where the patent holds none', () => {
    renderChart()
    expect(screen.getAllByRole('button', { name: /^Show passage/ })).toHaveLength(2)
    expect(screen.queryByRole('button', { name: /in WO2020\/123456$/ })).toBeNull()
  })

  it('says so when the result has no features, as results stored before the chart', () => {
    renderChart(buildAnalysisResult({ analysis: { ...buildAnalysisResult().analysis, features: [] } }))
    expect(screen.getByText('No claim chart: no features were identified.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.queryByRole('button', { name: /Claim chart/ })).toBeNull()
  })

  it('says so when no patent was charted', () => {
    const result = buildAnalysisResult({
      similarPatents: { overallSimilarity: 10, patents: [buildSimilarPatent()] },
    })
    renderChart(result)
    expect(screen.getByText('No claim chart: no similar patents to compare.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('downloads the chart as claim-chart.csv without a request', async () => {
    const calls = stubApi()
    const { names, blobs } = catchDownloads()
    const { user } = renderChart()
    await user.click(screen.getByRole('button', { name: 'Claim chart (CSV)' }))
    expect(names).toEqual(['claim-chart.csv'])
    expect(blobs()[0]?.type).toBe('text/csv;charset=utf-8')
    expect(calls).toEqual([])
  })

  it('downloads the chart as claim-chart.docx, loading the document builder on the click', async () => {
    const calls = stubApi()
    const { names, blobs } = catchDownloads()
    const { user } = renderChart()
    await user.click(screen.getByRole('button', { name: 'Claim chart (DOCX)' }))
    await waitFor(() => expect(names).toEqual(['claim-chart.docx']))
    expect(blobs()[0]?.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
    expect(calls).toEqual([])
  })
})
