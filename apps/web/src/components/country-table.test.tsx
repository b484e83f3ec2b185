import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CountryTable } from './country-table';

afterEach(cleanup);

describe('CountryTable', () => {
  it('lists countries with their names from Intl and the platform numbers', () => {
    render(<CountryTable tested={95} minSample={30} countries={[{ country: 'JP', n: 1234, meanIq: 104 }]} />);
    expect(screen.getByRole('rowheader', { name: 'Japan' })).toBeTruthy();
    expect(screen.getByText('1,234')).toBeTruthy();
    expect(screen.getByText('104')).toBeTruthy();
  });

  it('says honestly that there is not enough data', () => {
    render(<CountryTable minSample={30} countries={[]} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('landing.countriesEmpty')).toBeTruthy();
  });
});
