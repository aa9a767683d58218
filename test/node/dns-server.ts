/**
 * A real DNS server on 127.0.0.1 (dns2, UDP) for verification tests: PTR, A and AAAA
 * answers from a small zone, NXDOMAIN for unknown names, SERVFAIL for names listed as
 * broken. Counts the questions it was asked.
 */
import dns2 from 'dns2';

const { Packet } = dns2;
// dns2's typings lack Packet.RCODE; the values are RFC 1035's.
const SERVFAIL = 2;
const NXDOMAIN = 3;

export interface Zone {
  readonly ptr?: Readonly<Record<string, readonly string[]>>;
  readonly a?: Readonly<Record<string, readonly string[]>>;
  readonly aaaa?: Readonly<Record<string, readonly string[]>>;
  /** Names answered with SERVFAIL. */
  readonly broken?: readonly string[];
}

export interface TestDnsServer {
  readonly address: string;
  readonly questions: string[];
  close(): Promise<void>;
}

export async function startDnsServer(zone: Zone): Promise<TestDnsServer> {
  const questions: string[] = [];
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const question = request.questions[0];
    if (!question) return void send(response);
    const name = question.name.toLowerCase();
    const type = question.type === Packet.TYPE.PTR ? 'PTR' : question.type === Packet.TYPE.A ? 'A' : question.type === Packet.TYPE.AAAA ? 'AAAA' : String(question.type);
    questions.push(`${type} ${name}`);
    if (zone.broken?.includes(name)) {
      response.header.rcode = SERVFAIL;
      return void send(response);
    }
    const table = type === 'PTR' ? zone.ptr : type === 'A' ? zone.a : type === 'AAAA' ? zone.aaaa : undefined;
    const answers = table?.[name];
    const exists = [zone.ptr, zone.a, zone.aaaa].some((t) => t !== undefined && Object.hasOwn(t, name));
    if (!exists) {
      response.header.rcode = NXDOMAIN;
      return void send(response);
    }
    for (const value of answers ?? []) {
      const record = type === 'PTR' ? { type: Packet.TYPE.PTR, domain: value } : { type: type === 'A' ? Packet.TYPE.A : Packet.TYPE.AAAA, address: value };
      response.answers.push(Packet.createResourceFromQuestion(question, { ...record, class: Packet.CLASS.IN, ttl: 300 }));
    }
    send(response);
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address();
  return {
    address: `127.0.0.1:${port}`,
    questions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
