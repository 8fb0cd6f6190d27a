import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useLayoutEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import type { PowerRange, VoltageBand } from '@contract/power';
import { useDateFormat } from '@/lib/dates';
import { useLanguage } from '@/lib/preferences';
import { linePath, linearScale, nearestIndex, timeTicks, voltTicks } from '../chart-geometry';
import { useT } from '../messages';
import { formatTick, formatVolts, voltRange, type ChartPoint } from '../model';

interface VoltageChartProps {
  points: ChartPoint[];
  band: VoltageBand;
  range: PowerRange;
  /** The range's start and end: the axis spans them even where no reading fell. */
  from: Date;
  to: Date;
  /** Neighbours further apart than this are not joined (the device was not read in between). */
  maxGapMs: number;
}

const MARGIN = { left: 44, right: 12, top: 10, bottom: 26 };

/** The chart's width: its box's, followed as the window resizes. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      if (element.clientWidth > 0) setWidth(element.clientWidth);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * The readings over the range as an SVG line chart: the mean of each bucket as the line, its lowest
 * and highest faint around it, the normal band shaded, and each bucket that left the band marked
 * red where it left it. Pointing at the chart shows the nearest bucket's time and values.
 *
 * Drawn here rather than with @mui/x-charts: that library alone took the route to 292–322 KB gzip
 * against its budget of 250 (docs/api.md "Voltage").
 */
export function VoltageChart({ points, band, range, from, to, maxGapMs }: VoltageChartProps) {
  const t = useT();
  const theme = useTheme();
  const language = useLanguage();
  const { dateTime, timeZone } = useDateFormat();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { ref, width } = useWidth(720);
  const height = phone ? 240 : 320;
  const [active, setActive] = useState<number | null>(null);

  const geometry = useMemo(() => {
    const extent = voltRange(points, band);
    const x = linearScale([from.getTime(), to.getTime()], [MARGIN.left, width - MARGIN.right]);
    const y = linearScale([extent.min, extent.max], [height - MARGIN.bottom, MARGIN.top]);
    const time = (point: ChartPoint) => point.at.getTime();
    const path = (value: (point: ChartPoint) => number) => linePath(points, (point) => x(time(point)), (point) => y(value(point)), time, maxGapMs);
    return {
      x,
      y,
      times: points.map(time),
      yTicks: voltTicks(extent),
      xTicks: timeTicks(from, to, range, timeZone, phone),
      avg: path((point) => point.avg),
      min: path((point) => point.min),
      max: path((point) => point.max),
    };
  }, [points, band, from, to, range, timeZone, phone, width, height, maxGapMs]);

  const volts = (value: number) => t('power.volts', { volts: formatVolts(value, language) });
  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const at = from.getTime() + ((event.clientX - box.left - MARGIN.left) / (width - MARGIN.left - MARGIN.right)) * (to.getTime() - from.getTime());
    const index = nearestIndex(geometry.times, at);
    setActive(index >= 0 ? index : null);
  };
  const shown = active === null ? null : points[active];
  const { palette } = theme;
  const left = MARGIN.left;
  const right = width - MARGIN.right;

  return (
    <Box ref={ref} sx={{ position: 'relative', width: '100%', minWidth: 0 }}>
      <svg
        role="img"
        aria-label={t('power.chart.label')}
        width={width}
        height={height}
        style={{ display: 'block', touchAction: 'pan-y', fontFamily: theme.typography.fontFamily, fontSize: 11 }}
        onPointerMove={onPointer}
        onPointerDown={onPointer}
        onPointerLeave={() => setActive(null)}
      >
        <rect data-testid="normal-band" x={left} width={right - left} y={geometry.y(band.max)} height={geometry.y(band.min) - geometry.y(band.max)} fill={palette.success.main} fillOpacity={0.1} />
        {geometry.yTicks.map((tick) => (
          <g key={tick}>
            <line x1={left} x2={right} y1={geometry.y(tick)} y2={geometry.y(tick)} stroke={palette.divider} />
            <text x={left - 6} y={geometry.y(tick)} textAnchor="end" dominantBaseline="middle" fill={palette.text.secondary}>
              {formatVolts(tick, language).replace(/[,.]?0+$/, '')}
            </text>
          </g>
        ))}
        {[band.min, band.max].map((edge) => (
          <line key={edge} x1={left} x2={right} y1={geometry.y(edge)} y2={geometry.y(edge)} stroke={palette.success.main} strokeOpacity={0.6} strokeDasharray="4 4" />
        ))}
        {geometry.xTicks.map((tick) => (
          <g key={tick.getTime()}>
            <line x1={geometry.x(tick.getTime())} x2={geometry.x(tick.getTime())} y1={height - MARGIN.bottom} y2={height - MARGIN.bottom + 4} stroke={palette.text.secondary} />
            <text x={geometry.x(tick.getTime())} y={height - MARGIN.bottom + 16} textAnchor="middle" fill={palette.text.secondary}>
              {formatTick(tick, range, timeZone, language)}
            </text>
          </g>
        ))}
        <line x1={left} x2={right} y1={height - MARGIN.bottom} y2={height - MARGIN.bottom} stroke={palette.text.secondary} />
        <path d={geometry.max} fill="none" stroke={palette.primary.light} strokeOpacity={0.7} strokeWidth={1} strokeLinecap="round" />
        <path d={geometry.min} fill="none" stroke={palette.primary.light} strokeOpacity={0.7} strokeWidth={1} strokeLinecap="round" />
        <path data-testid="voltage-line" d={geometry.avg} fill="none" stroke={palette.primary.main} strokeWidth={2} strokeLinejoin="round" strokeLinecap="round" />
        <g data-testid="outside-marks">
          {points.map((point) =>
            point.outside ? (
              <circle key={point.at.getTime()} cx={geometry.x(point.at.getTime())} cy={geometry.y(point.outside.volts)} r={4} fill={palette.error.main} stroke={palette.background.paper} strokeWidth={1}>
                <title>{t('power.chart.outsideMark', { volts: formatVolts(point.outside.volts, language), time: dateTime(point.at) })}</title>
              </circle>
            ) : null,
          )}
        </g>
        {shown && (
          <g pointerEvents="none">
            <line x1={geometry.x(shown.at.getTime())} x2={geometry.x(shown.at.getTime())} y1={MARGIN.top} y2={height - MARGIN.bottom} stroke={palette.text.secondary} strokeDasharray="2 3" />
            <circle cx={geometry.x(shown.at.getTime())} cy={geometry.y(shown.avg)} r={4} fill={palette.primary.main} />
          </g>
        )}
      </svg>
      {shown && (
        <Box
          role="status"
          sx={{
            position: 'absolute',
            top: 4,
            // Beside the pointed bucket, on the side with room.
            ...(geometry.x(shown.at.getTime()) > width / 2 ? { right: width - geometry.x(shown.at.getTime()) + 8 } : { left: geometry.x(shown.at.getTime()) + 8 }),
            px: 1,
            py: 0.5,
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            boxShadow: 1,
            pointerEvents: 'none',
            whiteSpace: 'nowrap',
          }}
        >
          <Typography variant="caption" component="div" color="text.secondary">
            {dateTime(shown.at)}
          </Typography>
          <Typography variant="body2" component="div" sx={{ color: shown.outside ? 'error.main' : 'text.primary' }}>
            {t('power.series.avg')}: {volts(shown.avg)}
          </Typography>
          {shown.count > 1 && (
            <Typography variant="caption" component="div" color="text.secondary">
              {t('power.series.min')}: {volts(shown.min)} · {t('power.series.max')}: {volts(shown.max)}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
