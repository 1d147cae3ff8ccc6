const sizeNumber = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });

/** "512 Б", "3,4 КБ", "1,2 МБ". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Б`;
  if (bytes < 1024 * 1024) return `${sizeNumber.format(bytes / 1024)} КБ`;
  if (bytes < 1024 * 1024 * 1024) return `${sizeNumber.format(bytes / (1024 * 1024))} МБ`;
  return `${sizeNumber.format(bytes / (1024 * 1024 * 1024))} ГБ`;
}

/** A short type for a file chip: the extension, else the MIME subtype ("PDF", "DOCX"). */
export function fileTypeLabel(name: string, type: string): string {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1];
  if (extension) return extension.toUpperCase();
  const subtype = type.split('/')[1]?.split(/[+;]/)[0];
  return subtype ? subtype.toUpperCase() : 'Файл';
}
