import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useT, formatDay } from '../shell/i18n.tsx';

/**
 * Page views per day (recharts; loaded only with the dashboard's chart). The same figures are in
 * a table for screen readers and keyboard users: a chart alone says nothing to them.
 */
export default function ViewsChart({ data }: { data: { day: string; views: number }[] }) {
  const t = useT();
  const total = data.reduce((s, d) => s + d.views, 0);
  const short = (day: string) => new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  return (
    <figure className="adm-chart">
      <figcaption className="adm-muted">{t('admin.dash.viewsTotal', { n: total, days: data.length })}</figcaption>
      <div className="adm-chart__plot" aria-hidden="true">
        <ResponsiveContainer width="100%" height={220}>
          <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -20 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" stroke="#dde1e6" vertical={false} />
            <XAxis dataKey="day" tickFormatter={short} tick={{ fontSize: 12, fill: '#5b6470' }} interval="preserveStartEnd" minTickGap={24} />
            <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#5b6470' }} width={48} />
            <Tooltip labelFormatter={(d) => short(String(d))} formatter={(v) => [String(v), t('admin.dash.viewsLabel')]} />
            <Area type="monotone" dataKey="views" stroke="#1f5fbf" strokeWidth={2} fill="#1f5fbf" fillOpacity={0.12} isAnimationActive={false} />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <details className="adm-chart__table">
        <summary>{t('admin.dash.viewsTable')}</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('admin.dash.day')}</th>
              <th scope="col">{t('admin.dash.viewsLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.day}>
                <td>{formatDay(`${d.day}T12:00:00Z`)}</td>
                <td>{d.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
