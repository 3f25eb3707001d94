import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Table `contract_interfaces`: the interfaces detected for a code hash (detection runs once per code). */
@Entity({ name: 'contract_interfaces' })
export class ContractInterfacesEntity {
  @PrimaryColumn({ type: 'char', length: 44, name: 'code_hash' })
  codeHash!: string;

  @Column({ type: 'varchar', array: true, name: 'interfaces' })
  interfaces!: string[];

  @Column({ type: 'timestamptz', name: 'detected_at', default: () => 'now()' })
  detectedAt!: Date;
}
