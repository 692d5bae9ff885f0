/**
 * chart.js with only the parts the overview draws (line and bar charts on category and linear
 * axes, with tooltips), registered once. Imported by the overview alone, so the library stays in
 * that page's chunk, out of the console's first load.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';

Chart.register(
  LineController,
  LineElement,
  PointElement,
  Filler,
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  Tooltip,
);

export { Chart };
