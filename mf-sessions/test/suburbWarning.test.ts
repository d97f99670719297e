import { placeNotSuburbWarning } from '../src/features/session-form/utils/suburbWarning';

describe('the suburb warning', () => {
  it.each(['home', 'Home', ' the shops ', 'School', 'work', 'To school', 'mum’s'])('warns for "%s"', (text) => {
    expect(placeNotSuburbWarning(text)).toMatch(/Record the suburb, not 'home', not 'shops'/);
  });

  it.each(['', 'Norwood', 'Home Hill', 'Parkside', 'Beachport', 'Mawson Lakes'])('says nothing for "%s"', (text) => {
    expect(placeNotSuburbWarning(text)).toBeUndefined();
  });
});
