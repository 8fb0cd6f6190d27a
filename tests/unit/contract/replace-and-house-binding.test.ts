import { describe, expect, it } from 'vitest';
import { DeviceHouseRequest } from '../../../contract/adjuster';
import { DecodeError, decode } from '../../../contract/common';
import { WizardReplaceResponse } from '../../../contract/wizard';

describe('replace-options answer', () => {
  it('decodes what moved and what did not', () => {
    const answer = decode(
      WizardReplaceResponse,
      {
        result: true,
        message: 'Перенесено: …',
        moved: { houses: 1, relays: 2, keys: 10, groups: 0, sipAccount: false },
        notMoved: [{ item: 'sipAccount', reason: 'у нового устройства уже есть SIP-аккаунт 1000007', values: ['1000003'] }],
      },
      'answer',
    );
    expect(answer.notMoved?.[0].values).toEqual(['1000003']);
  });

  it('decodes a bare {result, message} from a back end that says no more', () => {
    expect(decode(WizardReplaceResponse, { result: true, message: null }, 'answer')).toEqual({ result: true, message: null });
  });

  it('lists a bad moved count as a failing path', () => {
    try {
      decode(WizardReplaceResponse, { result: true, moved: { houses: '1', relays: 0, keys: 0, groups: 0, sipAccount: true } }, 'answer');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DecodeError);
      expect((error as DecodeError).failures.map((failure) => failure.path)).toContain('moved.houses');
    }
  });
});

const FIAS = '0c5b2444-70a0-4932-980c-b4dc0d3f02b5';

describe('house binding body', () => {
  it('takes the FIAS id and, optionally, the porch the installer chose', () => {
    expect(decode(DeviceHouseRequest, { fiasId: FIAS }, 'body')).toEqual({ fiasId: FIAS });
    expect(decode(DeviceHouseRequest, { fiasId: FIAS, porchNum: 3 }, 'body')).toEqual({ fiasId: FIAS, porchNum: 3 });
    expect(() => decode(DeviceHouseRequest, { fiasId: FIAS, porchNum: '3' }, 'body')).toThrow(DecodeError);
  });

  it('refuses a FIAS id that is not a GUID and an entrance that is not a positive whole number', () => {
    expect(() => decode(DeviceHouseRequest, { fiasId: 'not-a-fias' }, 'body')).toThrow(/fiasId/);
    expect(() => decode(DeviceHouseRequest, { fiasId: FIAS, porchNum: 0 }, 'body')).toThrow(/porchNum/);
    expect(() => decode(DeviceHouseRequest, { fiasId: FIAS, porchNum: 2.5 }, 'body')).toThrow(/porchNum/);
  });
});
