/** A category as a list choice: its colour dot (decoration only) before its name. */
export function CategoryLabel({ category }: { category: { name: string; color: string } }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="mr-2 inline-block size-2.5 shrink-0 rounded-full align-middle"
        style={{ backgroundColor: category.color }}
      />
      {category.name}
    </>
  );
}
