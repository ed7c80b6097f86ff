import {
  AnafAnswerError,
  errorFileXml,
  messageListJson,
  parseErrorFile,
  parseMessageList,
  parseStateAnswer,
  parseUploadAnswer,
  stateAnswerXml,
  uploadAnswerXml,
} from '@/lib/efactura/anaf/answers';
import { readZip, writeZip } from '@/lib/efactura/anaf/zip';

describe("ANAF's e-Factura answers", () => {
  it('reads an upload receipt and a refused upload, as ANAF documents them', () => {
    expect(
      parseUploadAnswer(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<header xmlns="mfp:anaf:dgti:spv:respUploadFisier:v1" dateResponse="202108051140" ExecutionStatus="0" index_incarcare="3828"/>',
      ),
    ).toEqual({ kind: 'UPLOADED', uploadId: '3828' });
    expect(
      parseUploadAnswer(
        '<header xmlns="mfp:anaf:dgti:spv:respUploadFisier:v1" dateResponse="202108051144" ExecutionStatus="1">\n  <Errors errorMessage="Fisierul transmis nu este valid."/>\n</header>',
      ),
    ).toEqual({ kind: 'REFUSED', errors: ['Fisierul transmis nu este valid.'] });
  });

  it('reads every message state, and a question ANAF cannot answer', () => {
    const ns = 'xmlns="mfp:anaf:dgti:efactura:stareMesajFactura:v1"';
    expect(parseStateAnswer(`<header ${ns} stare="ok" id_descarcare="1234"/>`)).toEqual({
      kind: 'ok',
      downloadId: '1234',
    });
    expect(parseStateAnswer(`<header ${ns} stare="nok" id_descarcare="4002"/>`)).toEqual({
      kind: 'nok',
      downloadId: '4002',
    });
    expect(parseStateAnswer(`<header ${ns} stare="in prelucrare"/>`)).toEqual({ kind: 'in prelucrare' });
    expect(parseStateAnswer(`<header ${ns} stare="XML cu erori nepreluat de sistem"/>`)).toEqual({
      kind: 'XML cu erori nepreluat de sistem',
    });
    expect(
      parseStateAnswer(
        `<header ${ns}><Errors errorMessage="Nu exista factura cu id_incarcare= 99"/></header>`,
      ),
    ).toEqual({ kind: 'ERRORS', errors: ['Nu exista factura cu id_incarcare= 99'] });
  });

  it('refuses what is not an ANAF answer (an HTML error page, an unknown state)', () => {
    expect(() => parseStateAnswer('<html><body>500</body></html>')).toThrow();
    expect(() => parseStateAnswer('<header stare="finalizat"/>')).toThrow(/unknown message state/);
    expect(() => parseUploadAnswer('not xml at all <')).toThrow();
  });

  it('reads back what the sandbox writes: the same shape both ways', () => {
    const at = new Date('2026-03-10T10:15:00Z');
    expect(parseUploadAnswer(uploadAnswerXml({ kind: 'UPLOADED', uploadId: '5000000001' }, at))).toEqual({
      kind: 'UPLOADED',
      uploadId: '5000000001',
    });
    expect(uploadAnswerXml({ kind: 'UPLOADED', uploadId: '1' }, at)).toContain('dateResponse="202603101215"');
    expect(
      parseUploadAnswer(uploadAnswerXml({ kind: 'REFUSED', errors: ['a "quoted" <error>'] }, at)),
    ).toEqual({
      kind: 'REFUSED',
      errors: ['a "quoted" <error>'],
    });
    expect(parseStateAnswer(stateAnswerXml({ kind: 'nok', downloadId: '7' }))).toEqual({
      kind: 'nok',
      downloadId: '7',
    });
    expect(parseErrorFile(errorFileXml('5000000001', '41234567', ['E: one', 'E: two']))).toEqual([
      'E: one',
      'E: two',
    ]);
  });

  it('zips and unzips the answer archive, UTF-8 names and contents intact', () => {
    const zip = writeZip([
      { name: '5000000001.xml', content: '<Invoice>Ștefan Ţară</Invoice>' },
      { name: 'semnatura_5000000001.xml', content: Buffer.from('<Signature/>') },
    ]);
    const files = readZip(zip);
    expect([...files.keys()]).toEqual(['5000000001.xml', 'semnatura_5000000001.xml']);
    expect(files.get('5000000001.xml')!.toString('utf8')).toBe('<Invoice>Ștefan Ţară</Invoice>');
    expect(() => readZip(Buffer.from('PK but not a zip'))).toThrow(/not a zip/);
  });
});

describe('ANAF’s message list (listaMesajeFactura)', () => {
  it('reads its messages as ANAF spells them, and its "no message" as an empty list', () => {
    const message = {
      data_creare: '202403290821',
      cif: '19507820',
      id_solicitare: '4225290319',
      detalii:
        'Factura cu id_incarcare=4225290319 emisa de cif_emitent=8939059 pentru cif_beneficiar=19507820',
      tip: 'FACTURA TRIMISA',
      id: '3347056845',
    };
    expect(
      parseMessageList(JSON.stringify({ mesaje: [message], serial: 'x', cui: '19507820', titlu: 'Lista' })),
    ).toEqual({ kind: 'MESSAGES', messages: [message] });
    expect(
      parseMessageList('{"eroare":"Nu exista mesaje in ultimele 3 zile","titlu":"Lista Mesaje"}'),
    ).toEqual({
      kind: 'MESSAGES',
      messages: [],
    });
    expect(parseMessageList(messageListJson([message], 3, '19507820'))).toEqual({
      kind: 'MESSAGES',
      messages: [message],
    });
  });

  it('keeps any other refusal as errors, and throws on what is not its answer', () => {
    expect(
      parseMessageList('{"eroare":"Nu aveti drept de inrolare pentru CIF=1","titlu":"Lista Mesaje"}'),
    ).toEqual({ kind: 'ERRORS', errors: ['Nu aveti drept de inrolare pentru CIF=1'] });
    expect(() => parseMessageList('<html>502</html>')).toThrow(AnafAnswerError);
    expect(() => parseMessageList('{"titlu":"Lista"}')).toThrow(AnafAnswerError);
  });
});
