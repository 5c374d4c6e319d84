// What a city, a service and a city-service page are, as every places module reads them, and the
// columns that select them.
import { cities, services } from "../../../db/schema";

export interface City {
  id: number;
  slug: string;
  name: string;
  state: string;
  description: string | null;
  latitude: number | null;
  longitude: number | null;
  isActive: boolean;
}

export interface Service {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  isActive: boolean;
}

/** What a city-service page shows: a stored record, or the generated default (id ''). */
export interface PageContent {
  id: string;
  metaTitle: string;
  metaDescription: string;
  /** Sanitised HTML. */
  content: string;
  isDefault: boolean;
}

export const cityColumns = {
  id: cities.id,
  slug: cities.slug,
  name: cities.name,
  state: cities.state,
  description: cities.description,
  latitude: cities.latitude,
  longitude: cities.longitude,
  isActive: cities.isActive,
};

export const serviceColumns = {
  id: services.id,
  slug: services.slug,
  name: services.name,
  description: services.description,
  isActive: services.isActive,
};
