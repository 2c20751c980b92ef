import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { Progress, PROGRESS_SIZES } from '../../../src/ui/progress';

const bar = () => screen.getByRole('progressbar');

describe('Progress ARIA (SPEC A6)', () => {
  it('reports a determinate value with min 0 and the default max 100', () => {
    render(<Progress value={40} label="Uploading" />);
    const progress = screen.getByRole('progressbar', { name: 'Uploading' });
    expect(progress.getAttribute('aria-valuemin')).toBe('0');
    expect(progress.getAttribute('aria-valuemax')).toBe('100');
    expect(progress.getAttribute('aria-valuenow')).toBe('40');
    expect(progress.dataset.state).toBe('loading');
  });

  it.each([
    [-10, '0', 'loading'],
    [0, '0', 'loading'],
    [40, '40', 'loading'],
    [100, '100', 'complete'],
    [150, '100', 'complete'],
  ])('value %s → aria-valuenow %s, data-state %s', (value, now, state) => {
    render(<Progress value={value} />);
    expect(bar().getAttribute('aria-valuenow')).toBe(now);
    expect(bar().dataset.state).toBe(state);
  });

  it.each([null, undefined])('a %s value is indeterminate: no aria-valuenow, still a min and max', (value) => {
    render(<Progress value={value} />);
    expect(bar().hasAttribute('aria-valuenow')).toBe(false);
    expect(bar().getAttribute('aria-valuemin')).toBe('0');
    expect(bar().getAttribute('aria-valuemax')).toBe('100');
    expect(bar().dataset.state).toBe('indeterminate');
    expect(bar().style.getPropertyValue('--progress-percent')).toBe('');
  });

  it('reports values in max units and clamps to max', () => {
    const { rerender } = render(<Progress value={3} max={5} />);
    expect(bar().getAttribute('aria-valuemax')).toBe('5');
    expect(bar().getAttribute('aria-valuenow')).toBe('3');
    expect(bar().style.getPropertyValue('--progress-percent')).toBe('60');

    rerender(<Progress value={8} max={5} />);
    expect(bar().getAttribute('aria-valuenow')).toBe('5');
    expect(bar().dataset.state).toBe('complete');
  });

  it('moves from indeterminate to loading to complete as the value arrives', () => {
    const { rerender } = render(<Progress />);
    expect(bar().dataset.state).toBe('indeterminate');
    rerender(<Progress value={10} />);
    expect(bar().dataset.state).toBe('loading');
    rerender(<Progress value={100} />);
    expect(bar().dataset.state).toBe('complete');
  });

  it('lets aria-labelledby name the bar instead of a label', () => {
    render(
      <>
        <span id="caption">Importing chats</span>
        <Progress value={1} aria-labelledby="caption" />
      </>,
    );
    expect(screen.getByRole('progressbar', { name: 'Importing chats' })).toBe(bar());
  });
});

describe('Progress geometry', () => {
  it.each([
    [-10, '0'],
    [25, '25'],
    [150, '100'],
  ])('value %s writes --progress-percent %s for the CSS indicator', (value, percent) => {
    render(<Progress value={value} />);
    expect(bar().style.getPropertyValue('--progress-percent')).toBe(percent);
  });

  it.each([
    ['xs', '2px'],
    ['sm', '4px'],
    ['md', '8px'],
    ['lg', '12px'],
    ['xl', '16px'],
  ] as const)('size %s is a %s track', (size, height) => {
    render(<Progress value={1} size={size} />);
    expect(bar().dataset.size).toBe(size);
    expect(bar().style.getPropertyValue('--progress-height')).toBe(height);
  });

  it('has the five button sizes, md and primary by default', () => {
    expect(PROGRESS_SIZES).toEqual(['xs', 'sm', 'md', 'lg', 'xl']);
    render(<Progress value={1} />);
    expect(bar().dataset.size).toBe('md');
    expect(bar().style.getPropertyValue('--progress-height')).toBe('8px');
    expect(bar().dataset.color).toBe('primary');
  });

  it.each(['neutral', 'primary', 'success', 'info', 'warning', 'error'] as const)('exposes the %s colour', (color) => {
    render(<Progress value={1} color={color} />);
    expect(bar().dataset.color).toBe(color);
  });
});

describe('Progress element', () => {
  it('forwards its ref, merges className and style, and spreads other props', () => {
    const ref = createRef<HTMLDivElement>();
    render(<Progress ref={ref} value={50} className="mine" style={{ width: '10rem' }} aria-valuetext="Step 2 of 4" title="Sync" />);
    expect(ref.current).toBe(bar());
    expect(bar().className).toBe('progress mine');
    expect(bar().style.width).toBe('10rem');
    expect(bar().style.getPropertyValue('--progress-percent')).toBe('50');
    expect(bar().getAttribute('aria-valuetext')).toBe('Step 2 of 4');
    expect(bar().title).toBe('Sync');
  });

  it('keeps its computed ARIA values over conflicting props', () => {
    render(<Progress value={150} aria-valuenow={999} />);
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
  });
});
