/** A work place as the forms edit it and as the API and the application payload carry it. */
export type WorkExperienceValues = {
  position_title: string;
  company_name: string;
  /** 'YYYY-MM-DD', the first day of the chosen month */
  start_date: string;
  /** null: the current job */
  end_date: string | null;
};

export type EducationValues = {
  university_name: string;
  specialty: string;
  start_year: number;
  /** null: still studying */
  end_year: number | null;
};

/** A list row: the values plus a stable key (the server id, or the position in a draft payload). */
export type Keyed<T> = T & { key: string | number };
