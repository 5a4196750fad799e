/** What the staff API answers with; shared by the server (which builds them) and the admin screens. */

export interface TourDateView {
  id: number;
  tourId: number;
  tourTitle?: string;
  startsAt: string;
  capacity: number;
  priceSek: number | null;
  status: string;
  booked?: number;
  seatsLeft?: number;
}

export interface ContactMessageView {
  id: number;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  handledAt: string | null;
}
