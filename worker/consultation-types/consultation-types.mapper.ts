type ConsultationTypeRow = { id: number; name: string; description: string; durationMinutes: number; costs: number };

export function toConsultationType(row: ConsultationTypeRow) {
  return { id: row.id, name: row.name, description: row.description, duration_minutes: row.durationMinutes, costs: row.costs };
}
export type ConsultationType = ReturnType<typeof toConsultationType>;
