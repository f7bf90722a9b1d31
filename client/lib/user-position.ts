/** Where the visitor is (SPEC §4 "User position"): from the page address, else from the device. */
import { useCallback, useEffect, useState } from 'react';
import type { MapPoint } from './location-search';

// Low accuracy answers faster and needs no GPS; a nearest-restaurant list does not need more.
const POSITION_OPTIONS: PositionOptions = { enableHighAccuracy: false };

function parseCoordinate(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The point in `latitude` and `longitude` query parameters, or null unless both parse as numbers on the globe. */
export function positionFromQuery(search: string | URLSearchParams): MapPoint | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const lat = parseCoordinate(params.get('latitude'));
  const lng = parseCoordinate(params.get('longitude'));
  if (lat === null || lng === null || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** Asks the device where it is; null when it cannot or will not say (logged only, SPEC §8). */
export function requestDevicePosition(geolocation: Geolocation | undefined = navigator.geolocation): Promise<MapPoint | null> {
  return new Promise((resolve) => {
    if (!geolocation) {
      console.info('Device position unavailable: this browser has no geolocation.');
      resolve(null);
      return;
    }
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ lat: coords.latitude, lng: coords.longitude }),
      // info, not error: a visitor saying no is an ordinary answer.
      (error) => {
        console.info(`Device position unavailable: ${error.message || `code ${error.code}`}`);
        resolve(null);
      },
      POSITION_OPTIONS,
    );
  });
}

/** What useUserPosition gives: the known position (null until found) and a way to ask the device again. */
export interface UserPosition {
  position: MapPoint | null;
  locateDevice(): Promise<MapPoint | null>;
}

/** The visitor's position, read after mount: query parameters first, else the device. */
export function useUserPosition(): UserPosition {
  const [position, setPosition] = useState<MapPoint | null>(null);

  useEffect(() => {
    let active = true;
    const fromQuery = positionFromQuery(window.location.search);
    if (fromQuery) setPosition(fromQuery);
    else
      void requestDevicePosition().then((point) => {
        if (active && point) setPosition(point);
      });
    return () => {
      active = false;
    };
  }, []);

  const locateDevice = useCallback(async () => {
    const point = await requestDevicePosition();
    if (point) setPosition(point);
    return point;
  }, []);

  return { position, locateDevice };
}
