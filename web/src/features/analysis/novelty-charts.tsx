import { Bar, BarChart, PolarAngleAxis, RadialBar, RadialBarChart, XAxis, YAxis } from 'recharts'
import { chartColours } from './chart-colours'

/*
 * The Recharts drawings of the novelty gauge, in a module of their own that novelty-gauge.tsx and
 * feature-share.tsx load lazily: the gauge also shows on the application screens (the administrator's
 * review among them), which should fetch the chart library only when an analysis is on screen.
 */

type GaugeRingProps = { value: number; width: number; height: number }

/** A half ring filled to `value` out of 100. */
export function GaugeRing({ value, width, height }: GaugeRingProps) {
  return (
    <RadialBarChart
      width={width}
      height={height}
      cx={width / 2}
      cy={height - 4}
      innerRadius={width / 2 - 20}
      outerRadius={width / 2}
      startAngle={180}
      endAngle={0}
      margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
      data={[{ value }]}
      accessibilityLayer={false}
    >
      <PolarAngleAxis type="number" domain={[0, 100]} tick={false} axisLine={false} />
      <RadialBar
        dataKey="value"
        background={{ fill: chartColours.track }}
        cornerRadius={10}
        fill={chartColours.primary}
      />
    </RadialBarChart>
  )
}

type Segment = { key: string; count: number; colour: string }

/** One bar split into counted segments, filling the width of its box. */
export function SegmentedBar({ segments }: { segments: Segment[] }) {
  const total = segments.reduce((n, segment) => n + segment.count, 0)
  const row = Object.fromEntries(segments.map(({ key, count }) => [key, count]))
  return (
    <BarChart
      responsive
      layout="vertical"
      data={[{ name: 'all', ...row }]}
      style={{ width: '100%', height: '100%' }}
      margin={{ top: 0, right: 0, bottom: 0, left: 0 }}
      barCategoryGap={0}
      accessibilityLayer={false}
    >
      <XAxis type="number" hide domain={[0, total]} />
      <YAxis type="category" dataKey="name" hide />
      {segments.map(({ key, colour }) => (
        // The white edge keeps neighbouring segments apart where their colours are close.
        <Bar key={key} dataKey={key} stackId="all" fill={colour} stroke="#fff" strokeWidth={2} />
      ))}
    </BarChart>
  )
}
