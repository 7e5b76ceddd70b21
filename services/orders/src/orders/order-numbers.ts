import { Injectable } from '@nestjs/common';
import { generateOrderNumber } from './order-number';

/** Source of new order numbers; a provider so a test can force a collision. */
@Injectable()
export class OrderNumbers {
  next(): string {
    return generateOrderNumber();
  }
}
