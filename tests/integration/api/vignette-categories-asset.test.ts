import { GET } from '@/app/assets/vignette-categories.json/route';

describe('GET /assets/vignette-categories.json', () => {
  it('lists the five categories with title, code and Romanian description, B2 not sellable', async () => {
    const categories = await GET().json();
    expect(
      categories.map(
        (category: { title: string; categoryCode: string }) => `${category.title}:${category.categoryCode}`,
      ),
    ).toEqual(['D1:CAR', 'D2:VAN', 'B2:BUS', 'D1M:MOTOR', 'U:TRAIL']);
    expect(categories[2]).toMatchObject({
      sellable: false,
      notSoldReason: 'HU_GO',
      desc: expect.stringContaining('HU-GO'),
    });
    expect(categories[0].desc).toMatch(/3,5 t/);
  });
});
