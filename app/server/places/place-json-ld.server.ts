// The LocalBusiness structured data of a city-service page.
import type { City, PageContent, Service } from "./place-model.server";

export interface SiteFacts {
  siteUrl: string;
  brand: string;
  phoneTel: string;
  email: string;
  /** The configured aggregate rating, or null when it is switched off. */
  rating: { value: number; count: number } | null;
}

/** LocalBusiness structured data for a city-service page. */
export function localBusinessJsonLd(city: City, service: Service, page: PageContent, url: string, site: SiteFacts) {
  const jsonLd: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: `${site.brand} ${service.name} in ${city.name}, ${city.state}`,
    description: page.metaDescription,
    url,
    telephone: site.phoneTel,
    email: site.email,
    address: {
      "@type": "PostalAddress",
      addressLocality: city.name,
      addressRegion: city.state,
      addressCountry: "US",
    },
  };
  if (city.latitude !== null && city.longitude !== null) {
    jsonLd.geo = { "@type": "GeoCoordinates", latitude: city.latitude, longitude: city.longitude };
  }
  if (site.rating) {
    jsonLd.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: site.rating.value,
      reviewCount: site.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return jsonLd;
}
