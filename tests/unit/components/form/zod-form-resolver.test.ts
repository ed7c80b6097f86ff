import type { ResolverOptions } from 'react-hook-form';
import { z } from 'zod';
import {
  SchemaUnavailableError,
  whenSchemaUnavailable,
  zodFormResolver,
} from '@/components/form/zod-form-resolver';

interface Values {
  email: string;
}

const schema = z.object({ email: z.email({ error: 'emailInvalid' }) });
const options: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: false };
const passThrough = { toInput: (values: Values) => values, toFormErrors: <E>(errors: E) => errors };

describe('zodFormResolver', () => {
  it('fetches its schema only when the form is touched or judged, and once', async () => {
    const load = jest.fn(() => Promise.resolve(schema));
    const resolver = zodFormResolver(load, passThrough);
    expect(load).not.toHaveBeenCalled();
    resolver.preload();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
    const result = await resolver({ email: 'driver@example.ro' }, undefined, options);
    expect(result).toEqual({ values: { email: 'driver@example.ro' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("gives the schema's message keys at the form's fields", async () => {
    const resolver = zodFormResolver(() => Promise.resolve(schema), passThrough);
    const result = await resolver({ email: 'driver@' }, undefined, options);
    expect(result.values).toEqual({});
    expect(result.errors.email).toMatchObject({ message: 'emailInvalid' });
  });

  it('stops the submit when the schema cannot be fetched, and fetches it again at the next one', async () => {
    const load = jest
      .fn<Promise<typeof schema>, []>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(schema);
    const resolver = zodFormResolver(load, passThrough);
    resolver.preload();
    await expect(resolver({ email: 'driver@example.ro' }, undefined, options)).rejects.toBeInstanceOf(
      SchemaUnavailableError,
    );
    await expect(resolver({ email: 'driver@example.ro' }, undefined, options)).resolves.toMatchObject({
      errors: {},
    });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('whenSchemaUnavailable', () => {
  it('tells the buyer when the rules could not be fetched', async () => {
    const tell = jest.fn();
    await Promise.reject(new SchemaUnavailableError(new Error('offline'))).catch(whenSchemaUnavailable(tell));
    expect(tell).toHaveBeenCalledTimes(1);
  });

  it('leaves any other failure an error', async () => {
    const tell = jest.fn();
    await expect(Promise.reject(new RangeError('a bug')).catch(whenSchemaUnavailable(tell))).rejects.toThrow(
      RangeError,
    );
    expect(tell).not.toHaveBeenCalled();
  });
});
