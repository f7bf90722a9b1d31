import { Controller } from '@hotwired/stimulus';

/** A focal point in source pixels: its centre (x, y) and size, as the server stores it. */
interface Focal {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A drag shorter than this many screen pixels is a click: it centres a default-sized focal point there. */
const CLICK_SLOP = 4;
/** The share of the image a new focal point covers, and one arrow key step's share. */
const DEFAULT_SHARE = 0.2;
const STEP_SHARE = 0.02;

/**
 * Picks an image's focal point on its picture: drag a rectangle with the mouse (or finger), or
 * with the stage focused use the arrow keys to move it and Shift with the arrow keys to resize
 * it. Stores source pixels in the hidden focal_point_* inputs and says the value in a live
 * region; Reset clears it (crops then keep the centre).
 */
export class FocalPointController extends Controller<HTMLElement> {
  static override targets = ['stage', 'area', 'status', 'x', 'y', 'w', 'h'];
  static override values = { width: Number, height: Number };
  declare readonly stageTarget: HTMLElement;
  declare readonly hasStageTarget: boolean;
  declare readonly areaTarget: HTMLElement;
  declare readonly statusTarget: HTMLElement;
  declare readonly xTarget: HTMLInputElement;
  declare readonly yTarget: HTMLInputElement;
  declare readonly wTarget: HTMLInputElement;
  declare readonly hTarget: HTMLInputElement;
  declare readonly widthValue: number;
  declare readonly heightValue: number;
  private focal: Focal | null = null;
  private dragStart: { x: number; y: number; screenX: number; screenY: number } | null = null;

  override connect(): void {
    const numbers = [this.xTarget, this.yTarget, this.wTarget, this.hTarget].map((input) => Number.parseInt(input.value, 10));
    const [x, y, width, height] = numbers as [number, number, number, number];
    this.focal = numbers.every(Number.isFinite) && width > 0 && height > 0 ? { x, y, width, height } : null;
    this.show();
  }

  start(event: PointerEvent): void {
    if (event.button !== 0) return;
    event.preventDefault();
    this.stageTarget.focus();
    this.stageTarget.setPointerCapture(event.pointerId);
    const point = this.sourcePoint(event);
    this.dragStart = { ...point, screenX: event.clientX, screenY: event.clientY };
  }

  drag(event: PointerEvent): void {
    if (!this.dragStart) return;
    const point = this.sourcePoint(event);
    const left = Math.min(point.x, this.dragStart.x);
    const top = Math.min(point.y, this.dragStart.y);
    const width = Math.max(1, Math.abs(point.x - this.dragStart.x));
    const height = Math.max(1, Math.abs(point.y - this.dragStart.y));
    this.set({ x: Math.round(left + width / 2), y: Math.round(top + height / 2), width, height }, false);
  }

  end(event: PointerEvent): void {
    if (!this.dragStart) return;
    const moved = Math.hypot(event.clientX - this.dragStart.screenX, event.clientY - this.dragStart.screenY);
    if (moved < CLICK_SLOP) this.set({ ...this.defaultSize(), x: this.dragStart.x, y: this.dragStart.y }, true);
    else this.drag(event);
    this.dragStart = null;
    this.announce();
  }

  key(event: KeyboardEvent): void {
    const direction = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!direction) return;
    event.preventDefault();
    const [dx, dy] = direction as [number, number];
    const current = this.focal ?? { ...this.defaultSize(), x: Math.round(this.widthValue / 2), y: Math.round(this.heightValue / 2) };
    const stepX = Math.max(1, Math.round(this.widthValue * STEP_SHARE));
    const stepY = Math.max(1, Math.round(this.heightValue * STEP_SHARE));
    if (event.shiftKey) this.set({ ...current, width: current.width + dx * stepX, height: current.height + dy * stepY }, true);
    else this.set({ ...current, x: current.x + dx * stepX, y: current.y + dy * stepY }, true);
  }

  reset(): void {
    this.focal = null;
    this.show();
    this.announce();
  }

  private defaultSize(): { width: number; height: number } {
    return { width: Math.max(1, Math.round(this.widthValue * DEFAULT_SHARE)), height: Math.max(1, Math.round(this.heightValue * DEFAULT_SHARE)) };
  }

  /** The pointer's place on the picture, in source pixels, kept inside it. */
  private sourcePoint(event: PointerEvent): { x: number; y: number } {
    const box = this.stageTarget.querySelector('img')!.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * this.widthValue;
    const y = ((event.clientY - box.top) / box.height) * this.heightValue;
    return { x: clamp(Math.round(x), 0, this.widthValue), y: clamp(Math.round(y), 0, this.heightValue) };
  }

  /** Stores a focal point after keeping it inside the image, the way the server checks it. */
  private set(focal: Focal, announce: boolean): void {
    const width = clamp(Math.round(focal.width), 1, this.widthValue);
    const height = clamp(Math.round(focal.height), 1, this.heightValue);
    this.focal = {
      width,
      height,
      x: clamp(Math.round(focal.x), Math.ceil(width / 2), this.widthValue - Math.floor(width / 2)),
      y: clamp(Math.round(focal.y), Math.ceil(height / 2), this.heightValue - Math.floor(height / 2)),
    };
    this.show();
    if (announce) this.announce();
  }

  private show(): void {
    const { focal } = this;
    this.xTarget.value = focal ? String(focal.x) : '';
    this.yTarget.value = focal ? String(focal.y) : '';
    this.wTarget.value = focal ? String(focal.width) : '';
    this.hTarget.value = focal ? String(focal.height) : '';
    if (this.hasStageTarget) {
      this.areaTarget.hidden = !focal;
      if (focal) {
        Object.assign(this.areaTarget.style, {
          left: `${((focal.x - focal.width / 2) / this.widthValue) * 100}%`,
          top: `${((focal.y - focal.height / 2) / this.heightValue) * 100}%`,
          width: `${(focal.width / this.widthValue) * 100}%`,
          height: `${(focal.height / this.heightValue) * 100}%`,
        });
      }
    }
  }

  private announce(): void {
    const { focal } = this;
    this.statusTarget.textContent = focal ? `Focal point: ${focal.x}, ${focal.y}, ${focal.width}×${focal.height}` : 'No focal point: crops keep the centre.';
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}
