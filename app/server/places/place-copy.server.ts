// The default city-service page, shown when no record exists for the pair: our copy around the
// city's and service's names, escaped, since they are written by admins and shown as HTML.
import { escapeHtml } from "~/lib/escape";
import type { City, PageContent, Service } from "./place-model.server";

export const DEFAULT_BULLETS = (cityName: string) => [
  "Local community support and resources",
  "Expert guidance on pain management",
  `Connect with others in ${cityName}`,
  "Access to proven arthritis relief solutions",
];

type NamedCity = Pick<City, "name" | "state" | "description">;
type NamedService = Pick<Service, "name" | "description">;

/** The page shown when no record exists for the pair (specification, section 3). */
export function defaultPageContent(city: NamedCity, service: NamedService, brand = "Capsiva"): PageContent {
  const c = escapeHtml(city.name);
  const st = escapeHtml(city.state);
  const s = escapeHtml(service.name);
  const serviceText = service.description?.trim()
    ? escapeHtml(service.description.trim())
    : `Find trusted ${escapeHtml(service.name.toLowerCase())} information and encouragement from people who understand life with rheumatoid arthritis.`;
  const cityText = city.description?.trim()
    ? escapeHtml(city.description.trim())
    : `Our community includes people living with rheumatoid arthritis in and around ${c}, ${st}, sharing what helps them day to day.`;
  const bullets = DEFAULT_BULLETS(city.name)
    .map((b) => `<li>${escapeHtml(b)}</li>`)
    .join("");
  return {
    id: "",
    metaTitle: `${service.name} in ${city.name}, ${city.state} | ${brand}`,
    metaDescription: `Find ${service.name.toLowerCase()} resources, community support and practical tips for people living with rheumatoid arthritis in ${city.name}, ${city.state}.`,
    content: `<h2>Welcome to ${s} in ${c}</h2>` + `<p>${serviceText}</p>` + `<p>${cityText}</p>` + `<h3>Why choose ${s} in ${c}?</h3>` + `<ul>${bullets}</ul>`,
    isDefault: true,
  };
}
